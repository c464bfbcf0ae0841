# Typed stubs of evoplay._evoplay, written by python/make_stubs.py from the built module:
# do not edit (run the script again after changing the bindings).

from . import birds as birds
from . import connect4 as connect4
from . import evo as evo
from . import flags as flags
from . import lemmings as lemmings
from . import sudoku as sudoku
from . import tictactoe as tictactoe
from typing import Any, List, Tuple
import numpy

class Error(builtins.ValueError):
    column: int
    file: str
    line: int
    message: str

__version__: str

def _stub_keywords(name: str) -> List[Tuple[str, str]]: ...

def png_to_rgb(data: bytes) -> numpy.ndarray: ...

def settings(name: str, **kwargs) -> Any: ...

def settings_fields(name: str) -> list: ...

settings_names: list
