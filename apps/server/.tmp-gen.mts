import { writeCsv, writeXlsx } from '../../bench/lib/master-list.ts';
await writeCsv('/tmp/exp/big100k.csv', 100_000);
await writeCsv('/tmp/exp/big1m.csv', 1_000_000);
await writeXlsx('/tmp/exp/big100k.xlsx', 100_000);
