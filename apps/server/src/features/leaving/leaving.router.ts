import { initServer } from '@ts-rest/express';
import { contract } from '@site/contract';
import { endSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOf, ownerOf } from '../security/owner.ts';
import { deleteAccount } from './delete-account.ts';
import { downloadExport } from './download-export.ts';
import { exportState } from './export-state.ts';
import { startExport } from './start-export.ts';

const s = initServer();

/** Taking one's data and leaving: never done by an administrator acting as the member (`ownerOf`). */
export function leavingRouter(deps: AppDeps) {
  const { db } = deps;
  return s.router(contract.leaving, {
    dataExport: async ({ req }) => ({ status: 200, body: await exportState(db, callerOf(req).userId) }),
    startExport: async ({ req }) => ({ status: 202, body: await startExport(db, ownerOf(req).userId) }),
    downloadExport: async ({ req }) => ({
      status: 200,
      body: await downloadExport(deps, ownerOf(req).userId),
    }),
    deleteAccount: async ({ body, req, res }) => {
      await deleteAccount(deps, ownerOf(req), body);
      await endSession(req, res);
      return { status: 204, body: undefined };
    },
  });
}
