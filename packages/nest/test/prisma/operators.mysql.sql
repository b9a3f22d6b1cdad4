-- Kept by hand (the WebAssembly schema engine cannot emit MySQL): mirror of operators.mysql.prisma
-- in the shape Prisma's MySQL connector writes.

-- CreateTable
CREATE TABLE `Owner` (
    `id` INTEGER NOT NULL,
    `visible` BOOLEAN NOT NULL,

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `Sample` (
    `id` INTEGER NOT NULL,
    `ownerId` INTEGER NOT NULL,
    `text` VARCHAR(191) NOT NULL,
    `textOpt` VARCHAR(191) NULL,
    `int` INTEGER NOT NULL,
    `intOpt` INTEGER NULL,
    `bigint` BIGINT NOT NULL,
    `bigintOpt` BIGINT NULL,
    `float` DOUBLE NOT NULL,
    `floatOpt` DOUBLE NULL,
    `decimal` DECIMAL(65, 30) NOT NULL,
    `decimalOpt` DECIMAL(65, 30) NULL,
    `bool` BOOLEAN NOT NULL,
    `boolOpt` BOOLEAN NULL,
    `date` DATETIME(3) NOT NULL,
    `dateOpt` DATETIME(3) NULL,
    `json` JSON NOT NULL,
    `jsonOpt` JSON NULL,
    `bytes` LONGBLOB NOT NULL,
    `bytesOpt` LONGBLOB NULL,
    `kind` ENUM('PLAIN', 'SPECIAL') NOT NULL,
    `kindOpt` ENUM('PLAIN', 'SPECIAL') NULL,

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `Sample` ADD CONSTRAINT `Sample_ownerId_fkey` FOREIGN KEY (`ownerId`) REFERENCES `Owner`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
