-- Generated from operators.prisma by `node test/prisma/generate.mjs --ddl`. Do not edit.
-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Kind" AS ENUM ('PLAIN', 'SPECIAL');

-- CreateTable
CREATE TABLE "Owner" (
    "id" INTEGER NOT NULL,
    "visible" BOOLEAN NOT NULL,

    CONSTRAINT "Owner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Sample" (
    "id" INTEGER NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "textOpt" TEXT,
    "int" INTEGER NOT NULL,
    "intOpt" INTEGER,
    "bigint" BIGINT NOT NULL,
    "bigintOpt" BIGINT,
    "float" DOUBLE PRECISION NOT NULL,
    "floatOpt" DOUBLE PRECISION,
    "decimal" DECIMAL(65,30) NOT NULL,
    "decimalOpt" DECIMAL(65,30),
    "bool" BOOLEAN NOT NULL,
    "boolOpt" BOOLEAN,
    "date" TIMESTAMP(3) NOT NULL,
    "dateOpt" TIMESTAMP(3),
    "json" JSONB NOT NULL,
    "jsonOpt" JSONB,
    "bytes" BYTEA NOT NULL,
    "bytesOpt" BYTEA,
    "kind" "Kind" NOT NULL,
    "kindOpt" "Kind",
    "texts" TEXT[],
    "ints" INTEGER[],
    "bigints" BIGINT[],
    "floats" DOUBLE PRECISION[],
    "decimals" DECIMAL(65,30)[],
    "bools" BOOLEAN[],
    "dates" TIMESTAMP(3)[],
    "jsons" JSONB[],
    "bytess" BYTEA[],
    "kinds" "Kind"[],

    CONSTRAINT "Sample_pkey" PRIMARY KEY ("id")
);

-- AddForeignKey
ALTER TABLE "Sample" ADD CONSTRAINT "Sample_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "Owner"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
