/**
 * Shown instead of "Delete my account" to the site's only admin who can sign in: the server refuses that deletion,
 * since nobody would be left to look after the site, so the screen says why and what to do first. An admin cannot be
 * made from the admin screen (its admin box is fixed); the server's command line makes one.
 */
export function OnlyAdminNotice() {
  return (
    <div className="stack">
      <p>
        You are the only admin of this site, so your account cannot be deleted: nobody would be left to look
        after the site.
      </p>
      <p className="muted">
        Make another member an admin first: on the server, run{' '}
        <code>pnpm admin grant their-address admin</code> with their e-mail address. Then you can delete your
        account here.
      </p>
    </div>
  );
}
