import { JSONParser } from '@streamparser/json';
import type { SourceRow } from '../push-types';
import { isJsonSpace } from './byte-chunks';
import { checkedRow } from './checked-row';
import { InputError } from './input-error';
import type { RowProblem } from './row-problem';

/**
 * A JSON document streamed element by element: a top-level array gives its elements, at
 * positions from 1; any other document (one object, as the API also takes) is the row at 1.
 * A syntax error ends the run, as nothing after it can be placed.
 */
export async function* jsonArrayRows(
  chunks: AsyncIterable<Buffer>,
  isArray: boolean,
): AsyncGenerator<SourceRow | RowProblem> {
  // keepStack: false lets the parser forget each element once it is handed over.
  const parser = new JSONParser({ paths: [isArray ? '$.*' : '$'], keepStack: false });
  const found: Array<SourceRow | RowProblem> = [];
  let failure: Error | undefined;
  parser.onValue = ({ value, key }) => {
    const position = typeof key === 'number' ? key + 1 : 1;
    found.push(checkedRow(value, position, () => JSON.stringify(value)));
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  for await (const chunk of chunks) {
    if (parser.isEnded) {
      if (!chunk.every(isJsonSpace)) throw new InputError('There is more after the JSON document');
      continue;
    }
    parser.write(chunk);
    yield* found.splice(0);
    if (failure) throw new InputError(`The JSON is not valid: ${failure.message}`);
  }
  if (!parser.isEnded) parser.end();
  yield* found.splice(0);
  if (failure) throw new InputError(`The JSON is not valid: ${failure.message}`);
}
