// vitest setupFiles entry: runs in each test worker before its test file.
import { useFastCheckSeed } from './fast-check.mjs';

useFastCheckSeed();
