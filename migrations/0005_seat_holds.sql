-- How each player holds a live match's seat, beyond whose it is, so that a restart carries
-- on as the table was: a bot that held a seat for its player (who left the table, or ran
-- out of time too often) holds it again, a player who left still gives the seat up when
-- the match ends, and the turns run out in a row still count towards the bot taking over.
ALTER TABLE match_seats ADD COLUMN bot_holding INTEGER NOT NULL DEFAULT 0
  CHECK (bot_holding IN (0, 1));
ALTER TABLE match_seats ADD COLUMN left_table INTEGER NOT NULL DEFAULT 0
  CHECK (left_table IN (0, 1));
ALTER TABLE match_seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0
  CHECK (timeouts >= 0);
