import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { preferredEncoding, sharedJson, sharedResponse } from "./shared-body.ts";

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, by the client's weights, else sends the bytes as they are", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0.1, br;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding(null)).toBe("identity");
  });
});

describe("a shared JSON body", () => {
  const big = { data: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Kiếm Sắt ${index}`, price: index * 10 })) };

  it("is compressed once per encoding and decodes to the same JSON", async () => {
    const body = sharedJson(big);
    const [gzipped, again, brotli, identity] = await Promise.all([
      body.bytes("gzip"),
      body.bytes("gzip"),
      body.bytes("br"),
      body.bytes("identity"),
    ]);
    expect(again.bytes).toBe(gzipped.bytes);
    expect(gzipped.encoding).toBe("gzip");
    expect(brotli.encoding).toBe("br");
    expect(identity.encoding).toBe("identity");
    expect(JSON.parse(gunzipSync(gzipped.bytes).toString("utf8"))).toEqual(big);
    expect(JSON.parse(brotliDecompressSync(brotli.bytes).toString("utf8"))).toEqual(big);
    expect(JSON.parse(Buffer.from(identity.bytes).toString("utf8"))).toEqual(big);
    expect(brotli.bytes.byteLength).toBeLessThan(identity.bytes.byteLength / 4);
  });

  it("answers in the encoding the request prefers, saying which; a small body as it is", async () => {
    const asked = (encoding: string | null) =>
      new Request("http://localhost/api/x", { headers: encoding ? { "Accept-Encoding": encoding } : {} });
    const gzipped = await sharedResponse(asked("gzip"), sharedJson(big));
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(gzipped.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8"))).toEqual(big);
    const plain = await sharedResponse(asked(null), sharedJson(big));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(big);
    const small = await sharedResponse(asked("br, gzip"), sharedJson({ data: [] }));
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("content-length")).toBe("11");
    expect(await small.json()).toEqual({ data: [] });
  });
});
