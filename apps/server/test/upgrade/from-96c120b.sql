-- A database as the build at 96c120b left it (apps/server/test/upgrade/make-fixture.sh made this).
CREATE TYPE public."JobState" AS ENUM (
    'PENDING',
    'DEAD'
);
CREATE TYPE public."TokenPurpose" AS ENUM (
    'VERIFY_EMAIL',
    'PASSWORD_RESET'
);
CREATE TYPE public."UploadKind" AS ENUM (
    'FILE',
    'IMAGE'
);
CREATE TABLE public."AlbumShare" (
    "albumId" uuid NOT NULL,
    email text NOT NULL,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."AlbumView" (
    "userId" uuid NOT NULL,
    "albumId" uuid NOT NULL,
    "viewedAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."DisabledNotification" (
    "userId" uuid NOT NULL,
    type text NOT NULL
);
CREATE TABLE public."EmailToken" (
    id uuid NOT NULL,
    "tokenHash" text NOT NULL,
    purpose public."TokenPurpose" NOT NULL,
    "userId" uuid NOT NULL,
    "expiresAt" timestamp(3) without time zone NOT NULL,
    "usedAt" timestamp(3) without time zone,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."FileNode" (
    id uuid NOT NULL,
    "ownerId" uuid NOT NULL,
    "parentId" uuid,
    name text NOT NULL,
    "isDirectory" boolean NOT NULL,
    size bigint DEFAULT 0 NOT NULL,
    "mimeType" text,
    "blobKey" text,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    "trashedAt" timestamp(3) without time zone,
    "trashedFromId" uuid
);
CREATE TABLE public."Image" (
    id uuid NOT NULL,
    "albumId" uuid NOT NULL,
    "thumbnailId" uuid NOT NULL,
    rank integer NOT NULL,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    "renditionId" uuid,
    "trashedAt" timestamp(3) without time zone,
    size integer
);
CREATE TABLE public."ImageComment" (
    id uuid NOT NULL,
    "imageId" uuid NOT NULL,
    "authorId" uuid NOT NULL,
    comment text NOT NULL,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    "modifiedAt" timestamp(3) without time zone
);
CREATE TABLE public."ImageView" (
    "userId" uuid NOT NULL,
    "imageId" uuid NOT NULL,
    "viewedAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."Job" (
    id uuid NOT NULL,
    kind text NOT NULL,
    payload jsonb NOT NULL,
    state public."JobState" DEFAULT 'PENDING'::public."JobState" NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    "runAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    "lockedUntil" timestamp(3) without time zone,
    "lockedBy" text,
    "lastError" text,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."MaintenanceEntry" (
    id uuid NOT NULL,
    "adminId" uuid NOT NULL,
    "targetId" uuid NOT NULL,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."PendingUpload" (
    id uuid NOT NULL,
    "ownerId" uuid NOT NULL,
    kind public."UploadKind" NOT NULL,
    "albumId" uuid,
    size bigint,
    "receivedAt" timestamp(3) without time zone,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    "lastModified" bigint,
    "multipartId" text,
    name text,
    "partSize" integer,
    "touchedAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."PermissionGrant" (
    "userId" uuid NOT NULL,
    permission text NOT NULL,
    "grantedAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."PhotoAlbum" (
    id uuid NOT NULL,
    "ownerId" uuid NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    rank integer NOT NULL,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL,
    "trashedAt" timestamp(3) without time zone
);
CREATE TABLE public."RateLimit" (
    key text NOT NULL,
    "windowStart" timestamp(3) without time zone NOT NULL,
    count integer DEFAULT 0 NOT NULL
);
CREATE TABLE public."Session" (
    id text NOT NULL,
    sid text NOT NULL,
    data text NOT NULL,
    "expiresAt" timestamp(3) without time zone NOT NULL
);
CREATE TABLE public."User" (
    id uuid NOT NULL,
    email text NOT NULL,
    "passwordHash" text NOT NULL,
    "displayName" text DEFAULT ''::text NOT NULL,
    "emailVerifiedAt" timestamp(3) without time zone,
    "createdAt" timestamp(3) without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);
CREATE TABLE public."UserSession" (
    id text NOT NULL,
    "userId" uuid NOT NULL,
    "adminId" uuid,
    "expiresAt" timestamp(3) without time zone NOT NULL
);
CREATE TABLE public._prisma_migrations (
    id character varying(36) NOT NULL,
    checksum character varying(64) NOT NULL,
    finished_at timestamp with time zone,
    migration_name character varying(255) NOT NULL,
    logs text,
    rolled_back_at timestamp with time zone,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    applied_steps_count integer DEFAULT 0 NOT NULL
);
INSERT INTO public."AlbumShare" ("albumId", email, "createdAt") VALUES ('00000000-0000-4000-8000-000000000301', 'bo@example.com', '2026-11-25 12:00:00');
INSERT INTO public."AlbumShare" ("albumId", email, "createdAt") VALUES ('00000000-0000-4000-8000-000000000301', 'carla@example.com', '2026-11-25 12:01:00');
INSERT INTO public."AlbumView" ("userId", "albumId", "viewedAt") VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000301', '2026-11-25 13:59:00');
INSERT INTO public."DisabledNotification" ("userId", type) VALUES ('00000000-0000-4000-8000-000000000002', 'image-comment');
INSERT INTO public."EmailToken" (id, "tokenHash", purpose, "userId", "expiresAt", "usedAt", "createdAt") VALUES ('00000000-0000-4000-8000-000000000101', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'VERIFY_EMAIL', '00000000-0000-4000-8000-000000000002', '2026-11-26 12:30:00', NULL, '2026-11-25 12:30:00');
INSERT INTO public."EmailToken" (id, "tokenHash", purpose, "userId", "expiresAt", "usedAt", "createdAt") VALUES ('00000000-0000-4000-8000-000000000102', '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae', 'PASSWORD_RESET', '00000000-0000-4000-8000-000000000001', '2026-11-24 09:00:00', '2026-11-24 08:10:00', '2026-11-24 08:05:00');
INSERT INTO public."FileNode" (id, "ownerId", "parentId", name, "isDirectory", size, "mimeType", "blobKey", "createdAt", "trashedAt", "trashedFromId") VALUES ('00000000-0000-4000-8000-000000000601', '00000000-0000-4000-8000-000000000001', NULL, 'Documents', true, 0, NULL, NULL, '2026-11-24 10:00:00', NULL, NULL);
INSERT INTO public."FileNode" (id, "ownerId", "parentId", name, "isDirectory", size, "mimeType", "blobKey", "createdAt", "trashedAt", "trashedFromId") VALUES ('00000000-0000-4000-8000-000000000602', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000601', 'tax 2025.pdf', false, 3000000000, 'application/pdf', '00000000-0000-4000-8000-000000000612', '2026-11-24 10:01:00', NULL, NULL);
INSERT INTO public."FileNode" (id, "ownerId", "parentId", name, "isDirectory", size, "mimeType", "blobKey", "createdAt", "trashedAt", "trashedFromId") VALUES ('00000000-0000-4000-8000-000000000603', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000601', 'draft.txt', false, 12, 'text/plain', '00000000-0000-4000-8000-000000000613', '2026-11-24 10:02:00', '2026-11-25 10:00:00', '00000000-0000-4000-8000-000000000603');
INSERT INTO public."Image" (id, "albumId", "thumbnailId", rank, "createdAt", "renditionId", "trashedAt", size) VALUES ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000301', '00000000-0000-4000-8000-000000000411', 1, '2026-11-24 09:10:00', '00000000-0000-4000-8000-000000000421', NULL, 524288);
INSERT INTO public."Image" (id, "albumId", "thumbnailId", rank, "createdAt", "renditionId", "trashedAt", size) VALUES ('00000000-0000-4000-8000-000000000402', '00000000-0000-4000-8000-000000000301', '00000000-0000-4000-8000-000000000412', 2, '2026-11-24 09:11:00', NULL, NULL, NULL);
INSERT INTO public."Image" (id, "albumId", "thumbnailId", rank, "createdAt", "renditionId", "trashedAt", size) VALUES ('00000000-0000-4000-8000-000000000403', '00000000-0000-4000-8000-000000000302', '00000000-0000-4000-8000-000000000413', 1, '2026-11-24 09:12:00', '00000000-0000-4000-8000-000000000423', '2026-11-25 09:00:00', 1048576);
INSERT INTO public."ImageComment" (id, "imageId", "authorId", comment, "createdAt", "modifiedAt") VALUES ('00000000-0000-4000-8000-000000000501', '00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000002', 'Lovely light — wie schön! 🌅', '2026-11-25 14:00:00', '2026-11-25 14:05:00');
INSERT INTO public."ImageView" ("userId", "imageId", "viewedAt") VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000401', '2026-11-25 13:59:30');
INSERT INTO public."Job" (id, kind, payload, state, attempts, "runAt", "lockedUntil", "lockedBy", "lastError", "createdAt") VALUES ('00000000-0000-4000-8000-000000000801', 'send-mail', '{"to": "bo@example.com", "subject": "A new comment"}', 'PENDING', 0, '2026-11-26 09:00:00', NULL, NULL, NULL, '2026-11-26 09:00:00');
INSERT INTO public."Job" (id, kind, payload, state, attempts, "runAt", "lockedUntil", "lockedBy", "lastError", "createdAt") VALUES ('00000000-0000-4000-8000-000000000802', 'delete-blobs', '{"keys": ["00000000-0000-4000-8000-000000000999"]}', 'DEAD', 8, '2026-11-26 09:30:00', NULL, NULL, 'NoSuchBucket', '2026-11-26 09:00:00');
INSERT INTO public."MaintenanceEntry" (id, "adminId", "targetId", "createdAt") VALUES ('00000000-0000-4000-8000-000000000201', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '2026-11-25 13:00:00');
INSERT INTO public."PendingUpload" (id, "ownerId", kind, "albumId", size, "receivedAt", "createdAt", "lastModified", "multipartId", name, "partSize", "touchedAt") VALUES ('00000000-0000-4000-8000-000000000701', '00000000-0000-4000-8000-000000000001', 'FILE', NULL, 20000000, NULL, '2026-11-26 08:00:00', 1764000000000, 'multipart-upload-1', 'holiday.mov', 8388608, '2026-11-26 08:01:00');
INSERT INTO public."PendingUpload" (id, "ownerId", kind, "albumId", size, "receivedAt", "createdAt", "lastModified", "multipartId", name, "partSize", "touchedAt") VALUES ('00000000-0000-4000-8000-000000000702', '00000000-0000-4000-8000-000000000001', 'IMAGE', '00000000-0000-4000-8000-000000000301', NULL, NULL, '2026-11-26 08:02:00', NULL, NULL, NULL, NULL, '2026-11-26 08:02:00');
INSERT INTO public."PermissionGrant" ("userId", permission, "grantedAt") VALUES ('00000000-0000-4000-8000-000000000001', 'admin', '2026-11-24 08:00:00');
INSERT INTO public."PermissionGrant" ("userId", permission, "grantedAt") VALUES ('00000000-0000-4000-8000-000000000001', 'files', '2026-11-24 08:00:00');
INSERT INTO public."PermissionGrant" ("userId", permission, "grantedAt") VALUES ('00000000-0000-4000-8000-000000000002', 'albums', '2026-11-25 12:31:00');
INSERT INTO public."PhotoAlbum" (id, "ownerId", name, description, rank, "createdAt", "trashedAt") VALUES ('00000000-0000-4000-8000-000000000301', '00000000-0000-4000-8000-000000000001', 'Summer 2026', 'At the lake', 1, '2026-11-24 09:00:00', NULL);
INSERT INTO public."PhotoAlbum" (id, "ownerId", name, description, rank, "createdAt", "trashedAt") VALUES ('00000000-0000-4000-8000-000000000302', '00000000-0000-4000-8000-000000000001', 'Old scans', '', 2, '2026-11-24 09:05:00', '2026-11-25 09:00:00');
INSERT INTO public."RateLimit" (key, "windowStart", count) VALUES ('login:ip:203.0.113.7', '2026-11-26 10:00:00', 3);
INSERT INTO public."Session" (id, sid, data, "expiresAt") VALUES ('c1a2b3c4-0000-4000-8000-00000000aaaa', 'sid-anna-1', '{"cookie":{"originalMaxAge":2592000000},"userSessionId":"sess-anna-1"}', '2026-12-24 08:00:00');
INSERT INTO public."User" (id, email, "passwordHash", "displayName", "emailVerifiedAt", "createdAt") VALUES ('00000000-0000-4000-8000-000000000001', 'anna@example.com', '$2b$12$Vg3h0iLwFQmT6m1qzHqM9uJmYv0bYpA1U7hX8Jc2m9m3m2mE0wZ6u', 'Anna', '2026-11-24 08:00:00', '2026-11-24 07:59:00');
INSERT INTO public."User" (id, email, "passwordHash", "displayName", "emailVerifiedAt", "createdAt") VALUES ('00000000-0000-4000-8000-000000000002', 'bo@example.com', '$2b$12$0a7Qk4sJ8rV2d9wYHc1lE.3m8fN5xQ2pT6bR0zU4vK7gL1hS9iD3e', '', NULL, '2026-11-25 12:30:00');
INSERT INTO public."UserSession" (id, "userId", "adminId", "expiresAt") VALUES ('sess-anna-1', '00000000-0000-4000-8000-000000000001', NULL, '2026-12-24 08:00:00');
INSERT INTO public."UserSession" (id, "userId", "adminId", "expiresAt") VALUES ('sess-bo-as-anna', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '2026-11-26 13:00:00');
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('e33f60fe-3c10-efd6-72ad-c03c8c29bf1f', '76a038dc8e025a35606abb78e5a8ccfc46af8e9e059b2f8ba1237e6b52149f9a', '2026-11-24 07:00:01+00', '20261122021702_init', NULL, NULL, '2026-11-24 07:00:00+00', 1);
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('6ecf10e3-fe0b-47aa-3829-cde990a8f7e5', '3b0e6e6248d2fd0f2896e1bd547802aa3b14ebcb630ff15a3c41fae6322e685f', '2026-11-24 07:00:01+00', '20261123060307_job_queue', NULL, NULL, '2026-11-24 07:00:00+00', 1);
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('1adffa4a-c5f7-82e1-8b62-146920fbf7ca', 'b644a30422e06fd9b29e4b94d22ead39abaa1248489d4b3056c1cfacb668d175', '2026-11-24 07:00:01+00', '20261123060927_user_sessions', NULL, NULL, '2026-11-24 07:00:00+00', 1);
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('50b857a5-989d-b6b8-81f8-a31c1681a5be', 'e8ce6b0fbfd7afb662901a24e7fdb9aedb0df8aa098cbc084bea276950a4b45c', '2026-11-24 07:00:01+00', '20261123091806_image_rendition', NULL, NULL, '2026-11-24 07:00:00+00', 1);
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('c1a8e8d1-8329-4be5-3bea-be0b5f7a4155', '35dd301c0b1e7e18d02eb41e715a31b68862b95e86e70650870b98438469422c', '2026-11-24 07:00:01+00', '20261123091838_multipart_uploads', NULL, NULL, '2026-11-24 07:00:00+00', 1);
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('1a877389-bb3f-549f-0c67-31e4165a72e0', '7d0e2bad93cb4cbdcbf1fa4da9f400eb621bcd417d81f92133420ab506db036d', '2026-11-24 07:00:01+00', '20261123091842_trash', NULL, NULL, '2026-11-24 07:00:00+00', 1);
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('fd9d6803-bfc1-c9c4-d33a-9b423546c222', 'bb3d04079a8d2a1e7edb814ddc964062c1fac381615a23329e20b2b8fb46bdcf', '2026-11-24 07:00:01+00', '20261123140656_file_listing_pages', NULL, NULL, '2026-11-24 07:00:00+00', 1);
INSERT INTO public._prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ('6e6772c4-41a1-c290-81f0-45422d01ae6c', '80d4bdb05dd0c4f3020994b3f184ae128abe2801b1436fe7f250866cfec216ac', '2026-11-24 07:00:01+00', '20261123142306_image_size', NULL, NULL, '2026-11-24 07:00:00+00', 1);
ALTER TABLE ONLY public."AlbumShare"
    ADD CONSTRAINT "AlbumShare_pkey" PRIMARY KEY ("albumId", email);
ALTER TABLE ONLY public."AlbumView"
    ADD CONSTRAINT "AlbumView_pkey" PRIMARY KEY ("userId", "albumId");
ALTER TABLE ONLY public."DisabledNotification"
    ADD CONSTRAINT "DisabledNotification_pkey" PRIMARY KEY ("userId", type);
ALTER TABLE ONLY public."EmailToken"
    ADD CONSTRAINT "EmailToken_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."FileNode"
    ADD CONSTRAINT "FileNode_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."ImageComment"
    ADD CONSTRAINT "ImageComment_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."ImageView"
    ADD CONSTRAINT "ImageView_pkey" PRIMARY KEY ("userId", "imageId");
ALTER TABLE ONLY public."Image"
    ADD CONSTRAINT "Image_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."Job"
    ADD CONSTRAINT "Job_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."MaintenanceEntry"
    ADD CONSTRAINT "MaintenanceEntry_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."PendingUpload"
    ADD CONSTRAINT "PendingUpload_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."PermissionGrant"
    ADD CONSTRAINT "PermissionGrant_pkey" PRIMARY KEY ("userId", permission);
ALTER TABLE ONLY public."PhotoAlbum"
    ADD CONSTRAINT "PhotoAlbum_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."RateLimit"
    ADD CONSTRAINT "RateLimit_pkey" PRIMARY KEY (key, "windowStart");
ALTER TABLE ONLY public."Session"
    ADD CONSTRAINT "Session_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."UserSession"
    ADD CONSTRAINT "UserSession_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public."User"
    ADD CONSTRAINT "User_pkey" PRIMARY KEY (id);
ALTER TABLE ONLY public._prisma_migrations
    ADD CONSTRAINT _prisma_migrations_pkey PRIMARY KEY (id);
CREATE INDEX "AlbumShare_email_idx" ON public."AlbumShare" USING btree (email);
CREATE UNIQUE INDEX "EmailToken_tokenHash_key" ON public."EmailToken" USING btree ("tokenHash");
CREATE INDEX "EmailToken_userId_purpose_idx" ON public."EmailToken" USING btree ("userId", purpose);
CREATE INDEX "FileNode_ownerId_parentId_isDirectory_name_id_idx" ON public."FileNode" USING btree ("ownerId", "parentId", "isDirectory", name, id);
CREATE UNIQUE INDEX "FileNode_parentId_name_key" ON public."FileNode" USING btree ("parentId", name);
CREATE INDEX "FileNode_trashedAt_idx" ON public."FileNode" USING btree ("trashedAt");
CREATE INDEX "ImageComment_imageId_createdAt_idx" ON public."ImageComment" USING btree ("imageId", "createdAt");
CREATE INDEX "Image_albumId_rank_idx" ON public."Image" USING btree ("albumId", rank);
CREATE UNIQUE INDEX "Image_renditionId_key" ON public."Image" USING btree ("renditionId");
CREATE UNIQUE INDEX "Image_thumbnailId_key" ON public."Image" USING btree ("thumbnailId");
CREATE INDEX "Image_trashedAt_idx" ON public."Image" USING btree ("trashedAt");
CREATE INDEX "Job_state_runAt_idx" ON public."Job" USING btree (state, "runAt");
CREATE INDEX "MaintenanceEntry_targetId_idx" ON public."MaintenanceEntry" USING btree ("targetId");
CREATE INDEX "PendingUpload_ownerId_idx" ON public."PendingUpload" USING btree ("ownerId");
CREATE INDEX "PendingUpload_touchedAt_idx" ON public."PendingUpload" USING btree ("touchedAt");
CREATE INDEX "PhotoAlbum_ownerId_rank_idx" ON public."PhotoAlbum" USING btree ("ownerId", rank);
CREATE INDEX "PhotoAlbum_trashedAt_idx" ON public."PhotoAlbum" USING btree ("trashedAt");
CREATE INDEX "RateLimit_windowStart_idx" ON public."RateLimit" USING btree ("windowStart");
CREATE INDEX "Session_expiresAt_idx" ON public."Session" USING btree ("expiresAt");
CREATE UNIQUE INDEX "Session_sid_key" ON public."Session" USING btree (sid);
CREATE INDEX "UserSession_adminId_idx" ON public."UserSession" USING btree ("adminId");
CREATE INDEX "UserSession_expiresAt_idx" ON public."UserSession" USING btree ("expiresAt");
CREATE INDEX "UserSession_userId_idx" ON public."UserSession" USING btree ("userId");
CREATE UNIQUE INDEX "User_email_key" ON public."User" USING btree (email);
ALTER TABLE ONLY public."AlbumShare"
    ADD CONSTRAINT "AlbumShare_albumId_fkey" FOREIGN KEY ("albumId") REFERENCES public."PhotoAlbum"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."AlbumView"
    ADD CONSTRAINT "AlbumView_albumId_fkey" FOREIGN KEY ("albumId") REFERENCES public."PhotoAlbum"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."AlbumView"
    ADD CONSTRAINT "AlbumView_userId_fkey" FOREIGN KEY ("userId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."DisabledNotification"
    ADD CONSTRAINT "DisabledNotification_userId_fkey" FOREIGN KEY ("userId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."EmailToken"
    ADD CONSTRAINT "EmailToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."FileNode"
    ADD CONSTRAINT "FileNode_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."FileNode"
    ADD CONSTRAINT "FileNode_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES public."FileNode"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."ImageComment"
    ADD CONSTRAINT "ImageComment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."ImageComment"
    ADD CONSTRAINT "ImageComment_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES public."Image"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."ImageView"
    ADD CONSTRAINT "ImageView_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES public."Image"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."ImageView"
    ADD CONSTRAINT "ImageView_userId_fkey" FOREIGN KEY ("userId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."Image"
    ADD CONSTRAINT "Image_albumId_fkey" FOREIGN KEY ("albumId") REFERENCES public."PhotoAlbum"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."PendingUpload"
    ADD CONSTRAINT "PendingUpload_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."PermissionGrant"
    ADD CONSTRAINT "PermissionGrant_userId_fkey" FOREIGN KEY ("userId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."PhotoAlbum"
    ADD CONSTRAINT "PhotoAlbum_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."UserSession"
    ADD CONSTRAINT "UserSession_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE ONLY public."UserSession"
    ADD CONSTRAINT "UserSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES public."User"(id) ON UPDATE CASCADE ON DELETE CASCADE;
