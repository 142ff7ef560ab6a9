-- Rate-limit counters are written on every limited request (each payment creation, sign-in, review...):
-- unlogged, they write no WAL and their commits wait for no disk flush (docs/decisions/032). A crash of the
-- database empties the table, which restarts every window: the counters hold seconds to minutes of
-- hits, never money, orders or accounts. The rows stay as they are.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
