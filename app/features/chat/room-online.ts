/** Who is online in the open room, as presence events tell it. No React. */
export interface RoomOnline {
  count: number;
  members: Map<string, string>;
}

/** Applies a presence event: a list replaces what was known, joins and leaves change it. */
export function nextOnline(
  current: RoomOnline | null,
  frame: {
    count: number;
    members?: { uid: string; displayName: string }[];
    joined?: { uid: string; displayName: string }[];
    left?: string[];
  },
): RoomOnline {
  const members = new Map(frame.members ? [] : (current?.members ?? []));
  for (const member of frame.members ?? []) members.set(member.uid, member.displayName);
  for (const member of frame.joined ?? []) members.set(member.uid, member.displayName);
  for (const uid of frame.left ?? []) members.delete(uid);
  return { count: frame.count, members };
}
