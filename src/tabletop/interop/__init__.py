"""Every game for research libraries: OpenSpiel games and PettingZoo environments.

`tables` holds what both adapters share (a table's fixed action space as integers, its
observation tensor, its utilities); `openspiel` registers every game with `pyspiel`;
`pettingzoo` builds AEC and parallel environments. Both adapters need the optional extra
`research` (`pip install tabletop[research]`), so importing this package alone imports
neither library. See docs/research.md.
"""
