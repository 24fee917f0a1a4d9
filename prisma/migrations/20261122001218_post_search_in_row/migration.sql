-- Keep each post's search vector inside its row instead of TOAST (docs/decisions/013-search-at-scale.md).
-- A vector is about 1.7 KB; with the content beside it a row passes the 2 KB at which PostgreSQL moves
-- values out, and the vector was the one moved: every row a search read then cost three more page reads
-- (TOAST index, TOAST page) before `@@` or ts_rank could look at it. MAIN keeps it in the row (compressed
-- only when the row would not fit otherwise) and lets the long content go out instead, which only the
-- 15 posts of a page read. Prisma's schema language cannot express this, so it lives here alone.
ALTER TABLE "Post" ALTER COLUMN "search" SET STORAGE MAIN;

-- Storage applies to rows written from now on: rewrite the existing ones (recomputes the column).
UPDATE "Post" SET "search" = DEFAULT;
