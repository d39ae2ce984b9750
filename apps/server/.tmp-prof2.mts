import fs from 'node:fs';
import { parse } from 'csv-parse';
const t = Date.now();
let n = 0;
const p = fs
  .createReadStream('/tmp/exp/big1m.csv', { highWaterMark: 1 << 20 })
  .pipe(parse({ relax_column_count: true, relax_quotes: true, max_record_size: 1e6 }));
for await (const r of p) n++;
console.log('raw csv-parse', n, Date.now() - t);
