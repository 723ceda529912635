// Dataset parameter values in the protocol's wire formats: enum `a`, multi-enum `a,b` (a set:
// deduplicated and sorted, so equal selections give equal URLs and cache keys), range `from,to`,
// date-range `YYYY-MM-DD,YYYY-MM-DD`, number, text. The data proxy, the validator and the map's
// controls check and write values with these functions.
import type { ParamDef } from '../types';

const MAX_TEXT_PARAM = 200;

/** A multi-enum value as a set: trimmed, deduplicated, sorted (empty = nothing selected). */
export function canonicalMultiEnum(value: string): string {
  return [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))].sort().join(',');
}

/** Splits a `from,to` range value (a missing side is ''). */
export function splitRange(value: string): [string, string] {
  const [from = '', to = ''] = value.split(',', 2);
  return [from.trim(), to.trim()];
}

export type ParamCheck = { ok: true; value: string } | { ok: false; reason: string };

const NUMBER_RE = /^-?\d+(\.\d+)?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isValidDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function numeric(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function dateBound(v: unknown): string | undefined {
  return typeof v === 'string' && isValidDate(v) ? v : undefined;
}

function splitPair(raw: string): [string, string] | null {
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length === 1 && parts[0] !== '') return [parts[0], parts[0]];
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') return [parts[0], parts[1]];
  return null;
}

function canonicalNumber(s: string): string {
  return String(Number(s));
}

/**
 * Checks one raw value against a parameter definition and returns it in canonical wire form:
 * enum `a`; multi-enum `a,b` (deduplicated, sorted; empty = nothing selected); range `from,to`
 * (a single number n means `n,n`); date-range `YYYY-MM-DD,YYYY-MM-DD`; number; text.
 */
export function checkParamValue(param: ParamDef, raw: string): ParamCheck {
  const value = raw.trim();
  const options = Array.isArray(param.options) ? param.options.map((o) => o?.value) : [];
  const optionList = () => options.join(', ');
  switch (param.type) {
    case 'enum':
      if (!options.includes(value)) return { ok: false, reason: `"${value}" is not one of: ${optionList()}` };
      return { ok: true, value };
    case 'multi-enum': {
      const picked = canonicalMultiEnum(value);
      const bad = value.split(',').map((s) => s.trim()).find((p) => p !== '' && !options.includes(p));
      if (bad !== undefined) return { ok: false, reason: `"${bad}" is not one of: ${optionList()}` };
      return { ok: true, value: picked };
    }
    case 'range': {
      const pair = splitPair(value);
      if (!pair || !NUMBER_RE.test(pair[0]) || !NUMBER_RE.test(pair[1])) {
        return { ok: false, reason: `expected "from,to" with two numbers, got "${value}"` };
      }
      const [from, to] = pair.map(Number);
      if (from > to) return { ok: false, reason: `from (${from}) is greater than to (${to})` };
      const min = numeric(param.min);
      const max = numeric(param.max);
      if (min !== undefined && from < min) return { ok: false, reason: `${from} is below the minimum ${min}` };
      if (max !== undefined && to > max) return { ok: false, reason: `${to} is above the maximum ${max}` };
      return { ok: true, value: `${canonicalNumber(pair[0])},${canonicalNumber(pair[1])}` };
    }
    case 'date-range': {
      const pair = splitPair(value);
      if (!pair || !isValidDate(pair[0]) || !isValidDate(pair[1])) {
        return { ok: false, reason: `expected "YYYY-MM-DD,YYYY-MM-DD", got "${value}"` };
      }
      const [from, to] = pair;
      if (from > to) return { ok: false, reason: `from (${from}) is after to (${to})` };
      const min = dateBound(param.min);
      const max = dateBound(param.max);
      if (min !== undefined && from < min) return { ok: false, reason: `${from} is before the minimum ${min}` };
      if (max !== undefined && to > max) return { ok: false, reason: `${to} is after the maximum ${max}` };
      return { ok: true, value: `${from},${to}` };
    }
    case 'number': {
      if (!NUMBER_RE.test(value)) return { ok: false, reason: `expected a number, got "${value}"` };
      const n = Number(value);
      const min = numeric(param.min);
      const max = numeric(param.max);
      if (min !== undefined && n < min) return { ok: false, reason: `${n} is below the minimum ${min}` };
      if (max !== undefined && n > max) return { ok: false, reason: `${n} is above the maximum ${max}` };
      return { ok: true, value: canonicalNumber(value) };
    }
    case 'text':
      if (value.length > MAX_TEXT_PARAM) return { ok: false, reason: `longer than ${MAX_TEXT_PARAM} characters` };
      if (/[\u0000-\u001f\u007f]/.test(value)) return { ok: false, reason: 'contains control characters' };
      return { ok: true, value };
    default:
      return { ok: false, reason: `unknown parameter type "${String((param as { type?: unknown }).type)}"` };
  }
}

/** A manifest `default` (string, number or array) in wire form, or undefined when it has none. */
export function paramDefaultToWire(def: ParamDef['default']): string | undefined {
  if (def === undefined || def === null) return undefined;
  if (Array.isArray(def)) return def.map((v) => String(v)).join(',');
  if (typeof def === 'number' || typeof def === 'string') return String(def);
  return undefined;
}

/** Checks a parameter's `default` (used by the manifest validator for `invalid_default`). */
export function checkParamDefault(param: ParamDef): ParamCheck | null {
  if (param.default === undefined) return null;
  const d = param.default as unknown;
  const arrayOk = param.type === 'multi-enum' || param.type === 'range' || param.type === 'date-range';
  if (Array.isArray(d) && !arrayOk) return { ok: false, reason: `an array is not a valid default of a ${param.type} parameter` };
  if (Array.isArray(d) && (param.type === 'range' || param.type === 'date-range') && d.length !== 2) {
    return { ok: false, reason: `expected [from, to], got ${d.length} values` };
  }
  if (typeof d === 'number' && (param.type === 'enum' || param.type === 'multi-enum' || param.type === 'date-range')) {
    return { ok: false, reason: `a number is not a valid default of a ${param.type} parameter` };
  }
  const wire = paramDefaultToWire(param.default);
  if (wire === undefined) return { ok: false, reason: 'default must be a string, a number or an array' };
  return checkParamValue(param, wire);
}
