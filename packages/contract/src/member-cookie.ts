/**
 * A readable cookie (value `1`) the server keeps beside the httpOnly session cookie while the session belongs to
 * a member, so the web app knows a visitor is logged out without asking GET /me (whose 401 browsers log as an
 * error). A module of its own (`@site/contract/member-cookie`), so the web app's first script can read it without
 * the contract.
 */
export const memberCookieName = 'member';
