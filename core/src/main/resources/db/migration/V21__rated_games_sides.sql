-- A player's rated games in a family are read one side at a time (TournamentStore.RATED_GAMES_OF), each on the
-- index of its side's player: without these, the page of one player read every rated game of the family.
CREATE INDEX rated_games_white ON rated_games (white_player, family);
CREATE INDEX rated_games_black ON rated_games (black_player, family);
