/**
 * Password hashing with scrypt (memory-hard, built into Node: no native add-on).
 * Stored as `scrypt$N$r$p$salt$hash` so parameters can be raised later; see
 * docs/decisions/0004-password-hashing.md.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELIZATION = 1;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function optionsFor(cost: number, blockSize: number, parallelization: number): ScryptOptions {
  return { N: cost, r: blockSize, p: parallelization, maxmem: 256 * cost * blockSize + 1024 * 1024 };
}

/** Hashes a password for storage. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, optionsFor(COST, BLOCK_SIZE, PARALLELIZATION));
  return ["scrypt", COST, BLOCK_SIZE, PARALLELIZATION, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, cost, blockSize, parallelization, saltText, keyText] = parts;
  const expected = Buffer.from(keyText, "base64url");
  const actual = await scryptAsync(
    password,
    Buffer.from(saltText, "base64url"),
    expected.length,
    optionsFor(Number(cost), Number(blockSize), Number(parallelization)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
