/**
 * A clan's power (issue 43): the sum of its 30 strongest members' best character on its server, null
 * while none has one. Kept on the clan's row, written in the transaction of every change that moves
 * it (a member's new numbers, a join, a leave or a kick), so the directory and the rankings sort by an
 * index instead of summing members at every read.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { CLAN_POWER_MEMBERS } from "../../universal/rankings/ranking-schemas.ts";

/** Works the clan's power out again from its members' characters. */
export async function refreshClanPower(db: Database, clanId: string): Promise<void> {
  await db.execute(sql`
    update clans set power = (
      select sum(best) from (
        select max(p.power) as best
        from clan_members m
        join character_power p on p.uid = m.uid and p.server = clans.server
        where m.clan_id = clans.id
        group by m.uid
        order by best desc
        limit ${CLAN_POWER_MEMBERS}
      ) strongest
    )
    where id = ${clanId}`);
}

/** The same for the clan `uid` belongs to on `server`, if any (their numbers there changed). */
export async function refreshClanPowerOf(db: Database, uid: string, server: string): Promise<void> {
  const [row] = await queryRows<{ clan_id: string }>(db, sql`select clan_id from clan_members where uid = ${uid} and server = ${server}`);
  const clanId = row?.clan_id;
  if (clanId) await refreshClanPower(db, clanId);
}
