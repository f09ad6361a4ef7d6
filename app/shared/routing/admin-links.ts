/** Where the admin area shows one member whole (`/admin?section=users&member=…`): the member list and the audit log link there. */
export function adminMemberHref(uid: string): string {
  return `/admin?section=users&member=${encodeURIComponent(uid)}#admin-member`;
}
