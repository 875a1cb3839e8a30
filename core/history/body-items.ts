/**
 * The items of a recorded POST body, each as the text the sender wrote, read as the body streams:
 * only the item being read is held, whatever the body's size. Positions are those of the error
 * keys (docs/api-behaviour.md#error-keys): a JSON array's index, 0 for a single object, an NDJSON
 * line counting from 0. The body is one the worker parsed: malformed text yields what it yields.
 */
import { StringDecoder } from 'node:string_decoder';

export interface BodyItem {
  /** Zero-based position in the request. */
  index: number;
  /** The item as sent, white space around it trimmed. */
  text: string;
}

export async function* bodyItems(
  body: AsyncIterable<Buffer>,
  format: 'json' | 'ndjson',
): AsyncGenerator<BodyItem> {
  const decoder = new StringDecoder('utf8');
  const scanner = format === 'ndjson' ? new LineScanner() : new JsonScanner();
  for await (const chunk of body) yield* scanner.feed(decoder.write(chunk));
  yield* scanner.feed(decoder.end());
  yield* scanner.end();
}

interface Scanner {
  feed(text: string): BodyItem[];
  end(): BodyItem[];
}

/** One item a line; blank lines hold no item (the worker refuses one but at the end). */
class LineScanner implements Scanner {
  private pending = '';
  private line = 0;

  feed(text: string): BodyItem[] {
    const found: BodyItem[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.take(this.pending + text.slice(start, end), found);
      this.pending = '';
      start = end + 1;
    }
    this.pending += text.slice(start);
    return found;
  }

  end(): BodyItem[] {
    const found: BodyItem[] = [];
    this.take(this.pending, found);
    return found;
  }

  private take(line: string, found: BodyItem[]): void {
    const text = line.trim();
    if (text !== '') found.push({ index: this.line, text });
    this.line += 1;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;

/**
 * A top-level array's elements, cut at its commas outside strings and nested values; any other
 * document is one item, the whole of it.
 */
class JsonScanner implements Scanner {
  private mode: 'start' | 'array' | 'single' | 'done' = 'start';
  /** Nesting inside the top-level array: 0 between its elements. */
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The current element's text from earlier chunks. */
  private pending = '';
  private index = 0;

  feed(text: string): BodyItem[] {
    const found: BodyItem[] = [];
    let start = 0;
    if (this.mode === 'start') {
      const first = text.search(/[^\s\uFEFF]/);
      if (first === -1) return found;
      this.mode = text.charCodeAt(first) === OPEN_SQUARE ? 'array' : 'single';
      start = this.mode === 'array' ? first + 1 : first;
    }
    if (this.mode === 'single') this.pending += text.slice(start);
    if (this.mode !== 'array') return found;
    for (let at = start; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.inString = false;
      } else if (code === QUOTE) this.inString = true;
      else if (code === OPEN_CURLY || code === OPEN_SQUARE) this.depth += 1;
      else if (this.depth > 0 && (code === CLOSE_CURLY || code === CLOSE_SQUARE)) this.depth -= 1;
      else if (this.depth === 0 && (code === COMMA || code === CLOSE_SQUARE)) {
        this.take(this.pending + text.slice(start, at), found);
        this.pending = '';
        start = at + 1;
        if (code === CLOSE_SQUARE) {
          this.mode = 'done';
          return found;
        }
      }
    }
    this.pending += text.slice(start);
    return found;
  }

  end(): BodyItem[] {
    const found: BodyItem[] = [];
    if (this.mode === 'single') this.take(this.pending, found);
    return found;
  }

  private take(element: string, found: BodyItem[]): void {
    const text = element.trim();
    // `[]` has no element; a blank one elsewhere is not JSON, which the worker refused.
    if (text === '') return;
    found.push({ index: this.index, text });
    this.index += 1;
  }
}
