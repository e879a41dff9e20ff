import { contract } from '@site/contract';
import type { TrashKind } from '@site/contract';
import { initServer } from '@ts-rest/express';
import type { Request } from 'express';
import { hasPermission, requireUser } from '../../auth/current-user.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { listTrash, type TrashOwner } from './list-trash.ts';
import { emptyTrash, purgeItem } from './purge.ts';
import { restoreAlbum, restorePhoto } from './restore-album.ts';
import { restoreNode } from './restore-node.ts';

const s = initServer();

/** The logged-in caller (401 otherwise) as a trash owner. */
function trashOwner(req: Request): TrashOwner {
  const user = requireUser(req);
  return { id: user.id, files: hasPermission(user, 'files') };
}

/** The owner of an item of `kind`: files and folders need the `files` permission (403), like the file manager. */
function itemOwner(req: Request, kind: TrashKind): TrashOwner {
  const owner = trashOwner(req);
  if (kind === 'node' && !owner.files) throw new AppError('forbidden', 'Requires the files permission');
  return owner;
}

/** Each member's own trash; another member's item answers 404 like an unknown one. */
export function trashRouter(deps: AppDeps) {
  const { db, config } = deps;

  return s.router(contract.trash, {
    list: async ({ req }) => ({ status: 200, body: await listTrash(deps, trashOwner(req), config.trashMs) }),
    restore: async ({ params: { kind, id }, req }) => {
      const owner = itemOwner(req, kind);
      const restore = { node: restoreNode, album: restoreAlbum, photo: restorePhoto }[kind];
      return { status: 200, body: await restore(db, owner.id, id) };
    },
    remove: async ({ params: { kind, id }, req }) => {
      const owner = itemOwner(req, kind);
      if (!(await purgeItem(db, owner.id, kind, id))) throw notFound('No such item in the trash');
      return { status: 204, body: undefined };
    },
    empty: async ({ req }) => {
      await emptyTrash(db, trashOwner(req));
      return { status: 204, body: undefined };
    },
  });
}
