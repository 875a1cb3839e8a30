/**
 * Loaded with `node --require` into the API and the workers by the commands scenario only: counts
 * every MongoDB command (the driver's command monitoring) and every Redis command (ioredis's
 * sendCommand) the process sends, by name. On SIGUSR2 it writes them to
 * `$BENCH_COMMAND_COUNTS_DIR/<pid>.json`, which the bench reads before and after the requests it
 * counts. Plain CommonJS: it runs in the compiled processes before their own code.
 */
'use strict';
const { createHash } = require('node:crypto');
const { writeFileSync, renameSync } = require('node:fs');
const path = require('node:path');
const mongodb = require('mongodb');
const ioredis = require('ioredis');

const counts = new Map();
const count = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);

// Mongoose makes its client with `new mongodb.MongoClient(url, options)` when it connects.
class CountingClient extends mongodb.MongoClient {
  constructor(url, options = {}) {
    super(url, { ...options, monitorCommands: true });
    this.on('commandStarted', (event) => {
      const target = event.command[event.commandName];
      count(`mongodb ${event.commandName}${typeof target === 'string' ? ` ${target}` : ''}`);
    });
  }
}
Object.defineProperty(mongodb, 'MongoClient', { value: CountingClient, configurable: true });

const Redis = ioredis.default ?? ioredis;

// A Lua script is named by what runs it: BullMQ's by the name it defines it under, ours (sent
// whole, with EVAL) by the first command it calls and its key's last segment, any other (sent by
// its hash alone) by the start of its hash.
const scriptNames = new Map();
const sha1 = (lua) => createHash('sha1').update(lua).digest('hex');
const defineCommand = Redis.prototype.defineCommand;
Redis.prototype.defineCommand = function namedDefineCommand(name, definition) {
  if (definition?.lua) scriptNames.set(sha1(definition.lua), name);
  return defineCommand.call(this, name, definition);
};

function scriptOf(command) {
  const [script, keyCount, firstKey] = command.args.map((arg) => String(arg));
  if (command.name === 'evalsha') return scriptNames.get(script) ?? script.slice(0, 8);
  const known = scriptNames.get(sha1(script));
  if (known) return known;
  const call = /redis\.call\('(\w+)'/i.exec(script)?.[1] ?? '?';
  const key = Number(keyCount) > 0 ? (firstKey ?? '').split(':').filter(Boolean).at(-1) : '';
  return `${call}${key ? ` ${key.replace(/[0-9a-f-]{36}$/, '<id>').slice(0, 24)}` : ''}`;
}

const sendCommand = Redis.prototype.sendCommand;
Redis.prototype.sendCommand = function countedSendCommand(command, stream) {
  const script = command.name === 'eval' || command.name === 'evalsha';
  count(`redis ${command.name}${script ? ` ${scriptOf(command)}` : ''}`);
  return sendCommand.call(this, command, stream);
};

process.on('SIGUSR2', () => {
  const dir = process.env.BENCH_COMMAND_COUNTS_DIR;
  if (!dir) return;
  const file = path.join(dir, `${process.pid}.json`);
  // Whole or absent: the bench polls for the file.
  writeFileSync(`${file}.part`, JSON.stringify(Object.fromEntries(counts)));
  renameSync(`${file}.part`, file);
});
