// Every PostgreSQL advisory lock key of the portal in one place, so that two never collide (a
// collision deadlocks: a session lock held around work that takes a transaction lock of the same key).
export const ADVISORY_LOCKS = {
  /** Per client address (second key: hashtext of the address): registration attempts. */
  registrationAttempts: 4_104_001,
  /** Registrations are written one at a time. */
  registration: 4_104_002,
  /** Migrations at start-up: one instance migrates, the others wait. */
  migrations: 7_240_113,
  /** The reference data import (transaction lock). */
  referenceImport: 7_240_114,
  /** The maintenance round (manifest refresh, pruning): led by the instance holding it. */
  maintenanceLeader: 7_240_115,
  /** Start-up content (reference data check, built-in providers): instances take turns. */
  startupContent: 7_240_116,
} as const;
