-- Generated from prisma/schema.prisma by scripts/prisma.mjs. Do not edit by hand.
-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Article" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "draftNote" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "nextId" INTEGER,

    CONSTRAINT "Article_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Article_nextId_key" ON "Article"("nextId");

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_nextId_fkey" FOREIGN KEY ("nextId") REFERENCES "Article"("id") ON DELETE SET NULL ON UPDATE CASCADE;
