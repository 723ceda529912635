// The one Slovak code-text table (lib/map/messages.ts): every code an answer of the portal can carry
// (ERROR_STATUS) and the browser's own has Slovak text; a source failure says the answer is unknown,
// not empty; and the "Čo je tu?" card says each of them in Slovak, never the source's English message.
import { describe, expect, test } from 'vitest';
import { ERROR_STATUS } from '@/lib/errors';
import { cardStatusText } from '@/lib/map/citizen';
import { CLIENT_CODES, codeText, failureText, httpFailure, isSourceFailure, MESSAGE_CODES, refusalText, UNKNOWN_NOT_EMPTY } from '@/lib/map/messages';
import { englishIn } from '../helpers/language';

const ALL_CODES = [...Object.keys(ERROR_STATUS), ...CLIENT_CODES];
const SLOVAK = /[áäčďéíĺľňóôŕšťúýž]/i;

describe('the code-text table', () => {
  test('lists every code of the portal and of the browser, once', () => {
    expect([...MESSAGE_CODES].sort()).toEqual([...ALL_CODES].sort());
  });

  for (const code of ALL_CODES) {
    test(`${code}: a Slovak sentence`, () => {
      const text = codeText(code, 'Slovenský vodohospodársky podnik');
      expect(text).toMatch(/^[A-ZÁČĎÉÍĽŇÓÔŠŤÚÝŽ].*[.)]$/);
      expect(text).toMatch(SLOVAK);
      expect(englishIn(text)).toEqual([]);
      expect(text).not.toContain(code);
      // The card a failure of this code gives: Slovak, the code and the source's own message left out.
      const card = cardStatusText({ status: 'error', hits: [], code, provider: 'SVP' });
      expect(card.startsWith('Odpoveď nie je známa.')).toBe(true);
      expect(englishIn(card)).toEqual([]);
    });
  }

  test('a source failure names the source and says the answer is unknown, not empty', () => {
    expect(isSourceFailure('timeout')).toBe(true);
    expect(isSourceFailure('invalid_query')).toBe(false);
    expect(failureText('source_unreachable', 'Slovenský vodohospodársky podnik – povodňové mapy')).toBe(
      `Zdroj „Slovenský vodohospodársky podnik – povodňové mapy“ teraz neodpovedá. ${UNKNOWN_NOT_EMPTY}`,
    );
    expect(failureText('timeout')).toBe(`Zdroj neodpovedal včas. ${UNKNOWN_NOT_EMPTY}`);
    expect(failureText('unknown_place')).toBe('Miesto sa nenašlo.');
  });

  test('an unknown code gets a general Slovak sentence, never the code or a message', () => {
    expect(codeText('no_such_code')).toBe('Odpoveď sa nepodarilo získať.');
    expect(codeText(undefined)).toBe('Odpoveď sa nepodarilo získať.');
  });

  test('the English detector catches what the panel used to show', () => {
    expect(englishIn('zdroj zlyhal: The source did not answer (ENOTFOUND).')).not.toEqual([]);
    expect(englishIn('HTTP 200 (http_error)')).not.toEqual([]);
    expect(englishIn('V okruhu 500 m nič nie je, najbližší objekt je vzdialený 14 km.')).toEqual([]);
  });
});

describe('a refused answer in short', () => {
  for (const { name, status, code, text } of [
    { name: 'status and code', status: 502, code: 'timeout', text: 'HTTP 502, timeout' },
    { name: 'status without a code', status: 500, code: undefined, text: 'HTTP 500' },
    { name: 'an empty code is no code', status: 404, code: '', text: 'HTTP 404' },
  ]) {
    test(name, () => expect(httpFailure(status, code)).toBe(text));
  }
});

describe('refusalText: a refused answer in Slovak, never the API\'s English error', () => {
  test('a known code: its sentence, then status and code', () => {
    expect(refusalText({ status: 503, code: 'database_unavailable' })).toBe('Databáza portálu práve neodpovedá; skúste to o chvíľu znova. (HTTP 503, database_unavailable)');
  });
  test('no code (a body that was not JSON): the general sentence and the status', () => {
    expect(refusalText({ status: 502 })).toBe('Odpoveď sa nepodarilo získať. (HTTP 502)');
  });
});
