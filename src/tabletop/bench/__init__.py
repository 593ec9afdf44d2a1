"""Benchmarks shared by the command line: engine and search speed, bot matches and their statistics.

`speed` plays random games and searches through the public contract and measures them;
`match` plays bots against each other with rotating seats; `stats` gives the confidence
intervals that their tables print. Nothing here knows a game: games come from the registry.
"""
