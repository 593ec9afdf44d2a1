"""Game-specific solvers: bots that know one game's rules (the one place a bot may import its game)."""
