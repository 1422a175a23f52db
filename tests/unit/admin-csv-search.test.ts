// The rules of admin lists' CSV exports and search (docs/decisions/021): a BOM, RFC 4180 quoting that parses back to
// the same cells, formula cells made text; accents and case folded so 'Peña' finds 'pena'; cursors bound to their list.
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDisposition, toCsv } from '#server/admin/csv.ts';
import { containsPattern, decodeCursor, encodeCursor } from '#server/admin/keyset.ts';
import { FOLD_FROM, FOLD_TO, searchFold } from '#shared/search-fold.ts';
import { parseCsv } from '../support/csv.ts';

describe('CSV export', () => {
  it('starts with a UTF-8 BOM and ends each line with CRLF', () => {
    const csv = toCsv(['Nombre'], [['Peña']]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv).toBe('\uFEFFNombre\r\nPeña\r\n');
  });

  it('parses back to the same cells: accents, commas, quotes, newlines', () => {
    const rows = [
      ['María José Peña', 'Ñandú, Inc.', 'dice "hola"', 'línea 1\nlínea 2', 'retorno\r\nfinal', '  espacios  ', ''],
      ['Zoë', 'São Paulo', 'çà', 'a,b,"c"', '\n', ',', '"'],
    ];
    const header = ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete'];
    expect(parseCsv(toCsv(header, rows).slice(1))).toEqual([header, ...rows]);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","clic")', `"'=HYPERLINK(""http://evil.example"",""clic"")"`],
    ['+1 787 555 0100', "'+1 787 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('makes the formula cell %j text', (input, written) => {
    expect(csvCell(input)).toBe(written);
    // Read back, the cell is the text with its leading apostrophe: a spreadsheet shows it, never runs it.
    expect(parseCsv(`${csvCell(input)}\r\n`)).toEqual([[`'${input}`]]);
  });

  it('leaves numbers, booleans, empty cells and ordinary text alone', () => {
    expect([csvCell(-12.5), csvCell(0), csvCell(true), csvCell(null), csvCell(undefined), csvCell('ana@example.com'), csvCell('a-b')]).toEqual([
      '-12.5',
      '0',
      'true',
      '',
      '',
      'ana@example.com',
      'a-b',
    ]);
  });

  it('names the file in ASCII and in UTF-8', () => {
    expect(csvDisposition('usuarios-año.csv')).toBe(`attachment; filename="usuarios-ano.csv"; filename*=UTF-8''usuarios-a%C3%B1o.csv`);
  });
});

describe('search folding', () => {
  it.each([
    ['Peña', 'pena'],
    ['PEÑA', 'pena'],
    ['José Ángel Muñoz', 'jose angel munoz'],
    ['Ñandú Çelik Zoë', 'nandu celik zoe'],
    ['MARÍA@EXAMPLE.COM', 'maria@example.com'],
  ])('folds %j to %j', (input, folded) => {
    expect(searchFold(input)).toBe(folded);
  });

  it('folds a decomposed accent (e + U+0301) like the composed one', () => {
    expect(searchFold('Jose\u0301')).toBe('jose');
  });

  it('maps each listed letter to one plain lower-case letter, and leaves other text as it is', () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
    for (const letter of FOLD_TO) expect(letter).toMatch(/^[a-z]$/);
    expect(searchFold('ø 東京 ß')).toBe('ø 東京 ß');
  });

  it('searches for %, _ and \\ literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('keyset cursors', () => {
  it('read back for the same list, and are refused for another sort, a forgery or garbage', () => {
    const cursor = encodeCursor('users:name', { key: 'pena ana', id: 42 });
    expect(decodeCursor('users:name', cursor)).toEqual({ key: 'pena ana', id: 42 });
    expect(decodeCursor('users:name', undefined)).toBeNull();
    for (const bad of [encodeCursor('users:-name', { key: 'x', id: 1 }), 'not base64 json', Buffer.from('{"s":"users:name","k":"x","i":-1}').toString('base64url')]) {
      expect(() => decodeCursor('users:name', bad)).toThrow(/cursor/);
    }
  });
});
