import type { Request } from 'express';
import { inMaintenanceMode, requireUser } from '../../auth/current-user.ts';
import { rowId } from '../../auth/session-store.ts';
import { AppError } from '../../http/app-error.ts';
import { clientAddress } from '../account/client.ts';
import type { Caller } from './proof.ts';

/** The logged-in caller's session; 401 when logged out. */
export function callerOf(req: Request): Caller {
  return { userId: requireUser(req).id, sessionRowId: rowId(req.sessionID), client: clientAddress(req) };
}

/** The caller, for a change to their credentials or sessions: never made by an administrator acting as them. */
export function ownerOf(req: Request): Caller {
  const caller = callerOf(req);
  if (inMaintenanceMode(req)) {
    throw new AppError(
      'forbidden',
      "An administrator acting as a member cannot change the member's security",
    );
  }
  return caller;
}
