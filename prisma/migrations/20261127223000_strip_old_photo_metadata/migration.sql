-- Photos stored before the server cleaned what browsers sent kept their EXIF (GPS among it). One job strips the
-- JPEGs of every stored photo, a batch at a time (apps/server/src/features/albums/strip-old-photos.ts); a site
-- without photos has nothing to strip.
INSERT INTO "Job" ("id", "kind", "payload")
SELECT gen_random_uuid(), 'strip-photo-metadata', '{}'::jsonb
WHERE EXISTS (SELECT 1 FROM "Image");
