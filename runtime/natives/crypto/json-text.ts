// A strict JSON reader (RFC 8259, as aeson accepts it) that keeps numbers as their source text, so
// that guards decoded from binary messages carry exact integers and decimals.

export type Json =
  | { t: 'null' }
  | { t: 'bool'; v: boolean }
  | { t: 'num'; text: string }
  | { t: 'str'; v: string }
  | { t: 'arr'; v: Json[] }
  | { t: 'obj'; v: Map<string, Json> };

class JsonError extends Error {}

/** Parse UTF-8 JSON bytes; null when they are not one valid JSON document. */
export function parseJsonBytes(bytes: Uint8Array): Json | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
  return parseJsonText(text);
}

export function parseJsonText(text: string): Json | null {
  let i = 0;
  const fail = (): never => { throw new JsonError(); };
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const lit = (word: string) => { if (text.startsWith(word, i)) i += word.length; else fail(); };

  const str = (): string => {
    i++; // opening quote
    let out = '';
    while (true) {
      if (i >= text.length) fail();
      const c = text[i++];
      if (c === '"') return out;
      if (c.charCodeAt(0) < 0x20) fail();
      if (c !== '\\') { out += c; continue; }
      const e = text[i++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const h = text.slice(i, i + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(h)) fail();
          out += String.fromCharCode(parseInt(h, 16));
          i += 4;
          break;
        }
        default: fail();
      }
    }
  };

  const value = (): Json => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const v = new Map<string, Json>();
      ws();
      if (text[i] === '}') { i++; return { t: 'obj', v }; }
      while (true) {
        ws();
        if (text[i] !== '"') fail();
        const k = str();
        ws();
        if (text[i++] !== ':') fail();
        v.set(k, value());
        ws();
        const d = text[i++];
        if (d === '}') return { t: 'obj', v };
        if (d !== ',') fail();
      }
    }
    if (c === '[') {
      i++;
      const v: Json[] = [];
      ws();
      if (text[i] === ']') { i++; return { t: 'arr', v }; }
      while (true) {
        v.push(value());
        ws();
        const d = text[i++];
        if (d === ']') return { t: 'arr', v };
        if (d !== ',') fail();
      }
    }
    if (c === '"') return { t: 'str', v: str() };
    if (c === 't') { lit('true'); return { t: 'bool', v: true }; }
    if (c === 'f') { lit('false'); return { t: 'bool', v: false }; }
    if (c === 'n') { lit('null'); return { t: 'null' }; }
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i));
    if (!m || m[0] === '' || m[0] === '-') fail();
    i += m![0].length;
    return { t: 'num', text: m![0] };
  };

  try {
    const v = value();
    ws();
    return i === text.length ? v : null;
  } catch (e) {
    if (e instanceof JsonError) return null;
    throw e;
  }
}
