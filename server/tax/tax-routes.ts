/** The tax ledger (`/api/tax/ledger`): handlers only parse, check the permission and call. */
import { CSV_BOM } from "../../universal/csv.ts";
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { languageFromRequest } from "../../universal/i18n/languages.ts";
import { createLedgerEntryBody, updateLedgerEntryBody } from "../../universal/tax/tax-schemas.ts";
import { allowPermission, idParam, parseJson, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { addLedgerEntry, deleteLedgerEntry, exportLedger, listTaxPlaces, readLedger, setLedgerPlace } from "./tax.ts";

export function taxRoutes(db: Database, _hub: RealtimeHub): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/tax/rates", async (c) => {
      allowPermission(c, "view:record");
      return c.json({ data: await listTaxPlaces(db) });
    })
    .get("/tax/ledger", async (c) => {
      const viewer = requirePermission(c, "tax:manage:own");
      const { entries, ...summary } = await readLedger(db, viewer);
      return c.json({ data: entries, ...summary });
    })
    .post("/tax/ledger", async (c) => {
      const viewer = requirePermission(c, "tax:manage:own");
      return c.json({ data: await addLedgerEntry(db, viewer, await parseJson(c, createLedgerEntryBody)) }, 201);
    })
    .get("/tax/ledger/export", async (c) => {
      const viewer = requirePermission(c, "tax:manage:own");
      // Streamed page by page; the first chunk is read before answering, so a failure is still an error answer.
      const chunks = exportLedger(db, viewer, languageFromRequest(c.req.raw));
      const first = await chunks.next();
      const encoder = new TextEncoder();
      const csv = new ReadableStream<Uint8Array>({
        start(controller) {
          if (first.done) controller.close();
          else controller.enqueue(encoder.encode(CSV_BOM + first.value));
        },
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await chunks.return(undefined);
        },
      });
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="tax-ledger.csv"',
        "Cache-Control": "no-store",
      });
    })
    .patch("/tax/ledger/:id", async (c) => {
      const viewer = requirePermission(c, "tax:manage:own");
      const id = idParam(c, "ledger entry");
      const { rateId } = await parseJson(c, updateLedgerEntryBody);
      return c.json({ data: await setLedgerPlace(db, viewer, id, rateId) });
    })
    .delete("/tax/ledger/:id", async (c) => {
      const viewer = requirePermission(c, "tax:manage:own");
      await deleteLedgerEntry(db, viewer, idParam(c, "ledger entry"));
      return c.json({ ok: true });
    });
}
