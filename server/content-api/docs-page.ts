/**
 * `GET /api/docs`: the public data API's documentation, one self-contained HTML page per language
 * (`?lang=en`, default, or `?lang=vi`). No scripts and no external assets (the CSP allows inline
 * styles only); the examples are static text.
 */
import { COLLECTIONS } from "./collections.ts";
import { RATE_RULES } from "../auth/rate-limit.ts";
import { DISJUNCTION_MAX, FILTERS_MAX, LIMIT_DEFAULT, LIMIT_MAX, OPERATORS, ORDER_BY_MAX } from "./query-validator.ts";
import { SEARCH_TEXT_MAX } from "../http/search-text.ts";
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from "./search.ts";

export type DocsLanguage = "en" | "vi";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
const pre = (text: string) => `<pre>${escapeHtml(text)}</pre>`;

const EXAMPLE_GET = `GET /api/v1/items/iron-sword

200 OK
ETag: W/"3f9c0e1a2b4d5e6f-Qm9vX2V4YW1wbGVf"
Cache-Control: public, max-age=60
Access-Control-Allow-Origin: *

{ "data": { "id": "iron-sword", "name": { "vi": "Kiếm Sắt", "en": "Iron Sword" }, "type": "weapon", "level": 5, … } }`;

const EXAMPLE_QUERY = `POST /api/v1/query
Content-Type: application/json

{
  "collection": "items",
  "where": [["level", ">=", 10], ["rarity", "in", ["epic", "legendary"]], ["tags", "array-contains", "starter"]],
  "orderBy": [["level", "desc"], ["name.vi", "asc"]],
  "limit": 20
}

200 OK
{ "data": [ { "id": "…", "level": 40, … }, … ], "nextCursor": "WzEsIml0ZW1zIi…" }`;

const EXAMPLE_NEXT = `POST /api/v1/query
{ "collection": "items", "where": [["level", ">=", 10], …], "orderBy": [["level", "desc"], ["name.vi", "asc"]], "limit": 20,
  "startAfter": "WzEsIml0ZW1zIi…" }

200 OK
{ "data": [ … ], "nextCursor": null }`;

const EXAMPLE_REFUSED = `POST /api/v1/query
{ "collection": "items", "where": [["level", "!=", 1], ["rarity", "not-in", ["common"]]] }

400 Bad Request
{ "error": { "code": "invalid-argument", "message": "Invalid query. You cannot use 'not-in' filters with '!=' filters." } }`;

const EXAMPLE_SEARCH = `GET /api/v1/search?q=giap&limit=2

200 OK
{ "data": [
  { "kind": "items", "id": "harbor-watch-breastplate", "name": { "vi": "Giáp Ngực Lính Cảng", "en": "Harbor Watch Breastplate" },
    "icon": "game-icons:breastplate", "match": { "language": "vi", "type": "prefix" }, "score": 1 },
  …
] }`;

const EXAMPLE_404 = `GET /api/v1/weapons/iron-sword

404 Not Found
{ "error": { "code": "not-found", "message": "Unknown collection 'weapons'. Collections: classes, items, …" } }`;

interface Texts {
  title: string;
  other: string;
  intro: string;
  endpoints: string;
  endpointRows: [string, string][];
  collections: string;
  collectionsText: string;
  operators: string;
  operatorRows: [string, string][];
  semantics: string[];
  rules: string;
  ruleItems: string[];
  conflictCaption: string;
  conflictHead: [string, string];
  paging: string;
  pagingText: string;
  search: string;
  searchText: string;
  caching: string;
  cachingText: string;
  errors: string;
  errorsText: string;
  examples: string;
}

const TEXTS: Record<DocsLanguage, Texts> = {
  en: {
    title: "Minithings public data API",
    other: "Tiếng Việt",
    intro:
      "Read-only JSON access to the game's reference data (the content pack): items, classes, recipes and more. No account or key is needed; every answer can be called from any web page (CORS) and cached.",
    endpoints: "Endpoints",
    endpointRows: [
      ["GET /api/v1/{collection}/{id}", 'One entry: { "data": {…} }, or 404.'],
      ["POST /api/v1/query", 'Entries of one collection matching filters, sorted and paged: { "data": […], "nextCursor": "…" | null }.'],
      [
        "GET /api/v1/search?q=…&limit=…&kind=…",
        'Entries of every collection by name, ranked: { "data": [{ kind, id, name, icon, match, score }] }.',
      ],
      ["GET /api/docs?lang=en|vi", "This page."],
    ],
    collections: "Collections",
    collectionsText: "The collections, by their names in URLs and queries:",
    operators: "Query operators",
    operatorRows: [
      ["==, !=", "equal / not equal. != and not-in only match entries that have the field, with a non-null value."],
      ["<, <=, >, >=", "compare with a value of the same type only (numbers with numbers, strings with strings, by code point)."],
      ["in, not-in", `the field equals one of / none of a list of 1 to ${DISJUNCTION_MAX} values.`],
      ["array-contains", "the field is an array holding the value."],
      ["array-contains-any", `the field is an array holding at least one of a list of 1 to ${DISJUNCTION_MAX} values.`],
    ],
    semantics: [
      "Field paths may be dotted: name.vi, stats.attack (letters, digits and _; no array indices).",
      "An entry without the field never matches a filter, and is left out when the query is ordered by that field.",
      "orderBy sorts by type (null < booleans < numbers < strings < arrays < objects), then by value; ties by id. Without orderBy: the entry's order in the pack. Unlike Firestore, a range or != filter does not order the answer by its field, and the first orderBy need not be that field: ask for the order you want.",
      "Events (collection events) also carry occurrence: { startsAt, endsAt, status }, computed from their schedule when you ask (the running occurrence, else the next, else the last; ISO 8601 in UTC; status is running, upcoming or ended). It is not stored, so filters and orderBy cannot use it.",
    ],
    rules: "Query rules",
    ruleItems: [
      `limit is 1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT}); at most ${FILTERS_MAX} filters and ${ORDER_BY_MAX} orderBy fields.`,
      "in, not-in and array-contains-any need a non-empty array: \"Invalid Query. A non-empty array is required for 'in' filters.\"",
      "At most one !=, one in and one not-in filter per query, and not-in cannot be combined with !=, in or array-contains-any. As in the Firestore SDK, each filter is checked against the filters before it, and the message names the new filter first: \"Invalid query. You cannot use more than one '!=' filter.\", \"Invalid query. You cannot use 'not-in' filters with '!=' filters.\"",
      "Nested arrays are only allowed in in / not-in lists.",
    ],
    conflictCaption: "Which earlier filters refuse a new filter",
    conflictHead: ["new filter", "refused when the query already has"],
    paging: "Paging",
    pagingText:
      "When more entries follow, the answer has a nextCursor: send it back unchanged as startAfter, with the same collection and orderBy (the filters and limit may change). Pages never repeat or skip an entry while the content stays the same.",
    search: "Search",
    searchText: `q is required (1 to ${SEARCH_TEXT_MAX} characters). The search ignores case and diacritics (giap finds Giáp, dao finds Đao), tolerates a typo, and looks at both Vietnamese and English names. Exact names come first, then names starting with q, then words starting with q, then other matches. limit is 1 to ${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT}); kind restricts to one collection. match tells which language matched (vi or en) and how (exact, prefix, word, contains, fuzzy).`,
    caching: "Caching and CORS",
    cachingText:
      "GET answers carry an ETag (it changes when the content pack changes) and Cache-Control: public, max-age=60; send If-None-Match to get 304 Not Modified. /api/v1/* answers Access-Control-Allow-Origin: * and preflight requests; no cookies or credentials are used.",
    errors: "Errors",
    errorsText: `Errors have the shape { "error": { "code", "message" } }: invalid-argument (400) for a refused query or search, not-found (404) for an unknown collection or id. Queries (POST /api/v1/query) are limited to ${RATE_RULES.query.max} a minute per address; past that, 429 resource-exhausted with a Retry-After header.`,
    examples: "Examples",
  },
  vi: {
    title: "API dữ liệu công khai Minithings",
    other: "English",
    intro:
      "Truy cập chỉ đọc, dạng JSON, vào dữ liệu tham khảo của game (gói nội dung): vật phẩm, môn phái, công thức chế tạo và nhiều loại khác. Không cần tài khoản hay khóa; mọi câu trả lời đều gọi được từ bất kỳ trang web nào (CORS) và có thể lưu bộ nhớ đệm.",
    endpoints: "Các điểm truy cập",
    endpointRows: [
      ["GET /api/v1/{collection}/{id}", 'Một mục: { "data": {…} }, hoặc 404.'],
      [
        "POST /api/v1/query",
        'Các mục của một bộ sưu tập khớp bộ lọc, đã sắp xếp và chia trang: { "data": […], "nextCursor": "…" | null }.',
      ],
      [
        "GET /api/v1/search?q=…&limit=…&kind=…",
        'Tìm các mục của mọi bộ sưu tập theo tên, có xếp hạng: { "data": [{ kind, id, name, icon, match, score }] }.',
      ],
      ["GET /api/docs?lang=en|vi", "Trang này."],
    ],
    collections: "Bộ sưu tập",
    collectionsText: "Các bộ sưu tập, theo tên dùng trong URL và truy vấn:",
    operators: "Toán tử truy vấn",
    operatorRows: [
      ["==, !=", "bằng / khác. != và not-in chỉ khớp các mục có trường đó, với giá trị khác null."],
      ["<, <=, >, >=", "chỉ so sánh với giá trị cùng kiểu (số với số, chuỗi với chuỗi, theo mã ký tự)."],
      ["in, not-in", `trường bằng một / không bằng giá trị nào trong danh sách từ 1 đến ${DISJUNCTION_MAX} giá trị.`],
      ["array-contains", "trường là một mảng có chứa giá trị."],
      ["array-contains-any", `trường là một mảng chứa ít nhất một giá trị trong danh sách từ 1 đến ${DISJUNCTION_MAX} giá trị.`],
    ],
    semantics: [
      "Đường dẫn trường có thể có dấu chấm: name.vi, stats.attack (chữ, số và _; không dùng chỉ số mảng).",
      "Mục không có trường thì không bao giờ khớp bộ lọc, và bị bỏ qua khi truy vấn sắp xếp theo trường đó.",
      "orderBy sắp theo kiểu (null < boolean < số < chuỗi < mảng < đối tượng), rồi theo giá trị; bằng nhau thì theo id. Không có orderBy: theo thứ tự của mục trong gói. Khác với Firestore, bộ lọc khoảng hay != không tự sắp kết quả theo trường của nó, và orderBy đầu tiên không bắt buộc là trường đó: hãy nêu thứ tự bạn muốn.",
      "Sự kiện (bộ sưu tập events) có thêm occurrence: { startsAt, endsAt, status }, tính từ lịch của sự kiện vào lúc bạn hỏi (lần đang diễn ra, nếu không thì lần tới, nếu không nữa thì lần gần nhất; ISO 8601 theo UTC; status là running, upcoming hoặc ended). Trường này không được lưu nên bộ lọc và orderBy không dùng được.",
    ],
    rules: "Quy tắc truy vấn",
    ruleItems: [
      `limit từ 1 đến ${LIMIT_MAX} (mặc định ${LIMIT_DEFAULT}); tối đa ${FILTERS_MAX} bộ lọc và ${ORDER_BY_MAX} trường orderBy.`,
      "in, not-in và array-contains-any cần một mảng không rỗng: \"Invalid Query. A non-empty array is required for 'in' filters.\"",
      "Mỗi truy vấn có tối đa một bộ lọc !=, một bộ lọc in và một bộ lọc not-in, và not-in không dùng chung được với !=, in hay array-contains-any. Như Firestore SDK, mỗi bộ lọc được kiểm tra với các bộ lọc đứng trước nó, và thông báo (tiếng Anh) nêu bộ lọc mới trước: \"Invalid query. You cannot use more than one '!=' filter.\", \"Invalid query. You cannot use 'not-in' filters with '!=' filters.\"",
      "Mảng lồng nhau chỉ được dùng trong danh sách của in / not-in.",
    ],
    conflictCaption: "Những bộ lọc đứng trước khiến bộ lọc mới bị từ chối",
    conflictHead: ["bộ lọc mới", "bị từ chối khi truy vấn đã có"],
    paging: "Chia trang",
    pagingText:
      "Khi còn mục phía sau, câu trả lời có nextCursor: gửi lại nguyên vẹn trong startAfter, giữ nguyên collection và orderBy (bộ lọc và limit có thể đổi). Khi nội dung không đổi, các trang không bao giờ lặp hay bỏ sót mục nào.",
    search: "Tìm kiếm",
    searchText: `q là bắt buộc (1 đến ${SEARCH_TEXT_MAX} ký tự). Tìm kiếm không phân biệt hoa thường và dấu (giap tìm ra Giáp, dao tìm ra Đao), chấp nhận gõ sai một chữ, và xét cả tên tiếng Việt lẫn tiếng Anh. Tên trùng khớp đứng đầu, rồi tên bắt đầu bằng q, rồi từ bắt đầu bằng q, rồi các kết quả khác. limit từ 1 đến ${SEARCH_LIMIT_MAX} (mặc định ${SEARCH_LIMIT_DEFAULT}); kind giới hạn trong một bộ sưu tập. match cho biết ngôn ngữ khớp (vi hoặc en) và cách khớp (exact, prefix, word, contains, fuzzy).`,
    caching: "Bộ nhớ đệm và CORS",
    cachingText:
      "Câu trả lời GET có ETag (thay đổi khi gói nội dung thay đổi) và Cache-Control: public, max-age=60; gửi If-None-Match để nhận 304 Not Modified. /api/v1/* trả lời Access-Control-Allow-Origin: * và các yêu cầu preflight; không dùng cookie hay thông tin đăng nhập.",
    errors: "Lỗi",
    errorsText: `Lỗi có dạng { "error": { "code", "message" } }: invalid-argument (400) khi truy vấn hoặc tìm kiếm bị từ chối, not-found (404) khi bộ sưu tập hoặc id không tồn tại. Mỗi địa chỉ được gửi tối đa ${RATE_RULES.query.max} truy vấn (POST /api/v1/query) mỗi phút; vượt quá sẽ nhận 429 resource-exhausted kèm header Retry-After.`,
    examples: "Ví dụ",
  },
};

const CONFLICTS: [string, string][] = [
  ["!=", "!=, not-in"],
  ["in", "not-in"],
  ["array-contains-any", "not-in"],
  ["not-in", "array-contains-any, in, not-in, !="],
  ["==, <, <=, >, >=, array-contains", "—"],
];

const STYLE = `
  body { font: 16px/1.55 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1.5rem; color: #1d232a; background: #fbfaf7; }
  h1 { font-size: 1.7rem; margin-bottom: .25rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d9d4c7; padding-bottom: .2rem; }
  code, pre { font: .9rem/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
  code { background: #efece3; padding: .05rem .3rem; border-radius: .25rem; }
  pre { background: #1f2730; color: #f1eee6; padding: 1rem; border-radius: .5rem; overflow-x: auto; white-space: pre; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; vertical-align: top; padding: .4rem .6rem; border-bottom: 1px solid #e4dfd3; }
  nav a { color: #7a3e12; }
  @media (prefers-color-scheme: dark) {
    body { background: #15191e; color: #e8e4da; } code { background: #2a3038; } th, td { border-color: #333a43; } nav a { color: #f0b27a; }
  }`;

export function renderDocsPage(language: DocsLanguage): string {
  const t = TEXTS[language];
  const otherLanguage = language === "en" ? "vi" : "en";
  const rows = (items: [string, string][]) =>
    items.map(([left, right]) => `<tr><td>${code(left)}</td><td>${escapeHtml(right)}</td></tr>`).join("");
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav><a href="/api/docs?lang=${otherLanguage}" hreflang="${otherLanguage}" lang="${otherLanguage}">${escapeHtml(t.other)}</a></nav>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<h2>${escapeHtml(t.endpoints)}</h2>
<table>${rows(t.endpointRows)}</table>
<h2>${escapeHtml(t.collections)}</h2>
<p>${escapeHtml(t.collectionsText)} ${COLLECTIONS.map(code).join(", ")}.</p>
<h2>${escapeHtml(t.operators)}</h2>
<p>${OPERATORS.map(code).join(" ")}</p>
<table>${rows(t.operatorRows)}</table>
<ul>${t.semantics.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>
<h2>${escapeHtml(t.rules)}</h2>
<ul>${t.ruleItems.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>
<table><caption>${escapeHtml(t.conflictCaption)}</caption>
<tr><th>${escapeHtml(t.conflictHead[0])}</th><th>${escapeHtml(t.conflictHead[1])}</th></tr>${rows(CONFLICTS)}</table>
<h2>${escapeHtml(t.paging)}</h2>
<p>${escapeHtml(t.pagingText)}</p>
<h2>${escapeHtml(t.search)}</h2>
<p>${escapeHtml(t.searchText)}</p>
<h2>${escapeHtml(t.caching)}</h2>
<p>${escapeHtml(t.cachingText)}</p>
<h2>${escapeHtml(t.errors)}</h2>
<p>${escapeHtml(t.errorsText)}</p>
<h2>${escapeHtml(t.examples)}</h2>
${[EXAMPLE_GET, EXAMPLE_QUERY, EXAMPLE_NEXT, EXAMPLE_REFUSED, EXAMPLE_SEARCH, EXAMPLE_404].map(pre).join("\n")}
</body>
</html>
`;
}
