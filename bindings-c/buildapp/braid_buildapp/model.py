"""The parsed IDL: interfaces, task functions, parameters, and their C and wire types.

Wire type codes and directions are the numbers of braid_tasks.h (BRAID_T_*, BRAID_IN...), shared
by the master stubs, the worker library and the C worker protocol (docs/DESIGN.md).
"""
from dataclasses import dataclass, field
from typing import List, Optional

# IDL basic type -> (wire code, C type, braid_value member)
BASIC = {
    "boolean": (1, "int", "i"),
    "char": (2, "char", "c"),
    "short": (3, "short", "s"),
    "int": (4, "int", "i"),
    "long": (5, "long", "l"),
    "float": (6, "float", "f"),
    "double": (7, "double", "d"),
}
UNSIGNABLE = ("char", "short", "int", "long")
T_VOID, T_STRING, T_FILE, T_OBJECT, T_UNSIGNED = 0, 8, 9, 10, 0x80
# IDL stream type -> (wire code, C handle type): a stream handle of libbraid (braid.h), in or out
STREAMS = {"ObjectStream": (11, "braid_object_stream *"), "FileStream": (12, "braid_file_stream *")}
BUILTIN = ("string", "File", "void") + tuple(STREAMS)
DIRECTIONS = {"in": 0, "out": 1, "inout": 2}


@dataclass
class Type:
    """A parameter's or return's type: a basic type (maybe unsigned), string, File, void or a user type."""
    name: str                 # 'int', 'string', 'File', 'void' or the user type's name
    unsigned: bool = False

    @property
    def is_user(self) -> bool:
        return self.name not in BASIC and self.name not in BUILTIN

    @property
    def is_stream(self) -> bool:
        return self.name in STREAMS

    @property
    def code(self) -> int:
        if self.name in BASIC:
            return BASIC[self.name][0] | (T_UNSIGNED if self.unsigned else 0)
        if self.is_stream:
            return STREAMS[self.name][0]
        return {"void": T_VOID, "string": T_STRING, "File": T_FILE}.get(self.name, T_OBJECT)

    @property
    def c_type(self) -> str:
        """The C type of a value of this type (as an IN parameter takes it)."""
        if self.name in BASIC:
            return ("unsigned " if self.unsigned else "") + BASIC[self.name][1]
        if self.is_stream:
            return STREAMS[self.name][1]
        return {"void": "void", "string": "char *", "File": "file"}.get(self.name, self.name)

    @property
    def member(self) -> str:
        """The braid_value member holding it."""
        if self.name in BASIC:
            return BASIC[self.name][2]
        return "obj" if self.is_user or self.is_stream else "str"

    def __str__(self) -> str:
        return ("unsigned " if self.unsigned else "") + self.name


@dataclass
class Param:
    direction: str            # in, out, inout
    type: Type
    name: str
    line: int

    @property
    def c_decl(self) -> str:
        """The parameter as the task function declares it (COMPSs' C conventions)."""
        t = self.type
        if t.name == "File":
            return f"file {self.name}"
        if t.is_stream:
            return f"{t.c_type}{self.name}"
        if t.is_user:
            return f"{t.name} *{self.name}"
        if self.direction == "in":
            return f"{t.c_type} {self.name}" if t.name != "string" else f"char *{self.name}"
        return f"{t.c_type} *{self.name}" if t.name != "string" else f"char **{self.name}"


@dataclass
class Function:
    name: str
    returns: Type
    params: List[Param]
    line: int

    @property
    def c_prototype(self) -> str:
        args = ", ".join(p.c_decl for p in self.params) or "void"
        ret = self.returns.c_type
        sep = "" if ret.endswith("*") else " "
        return f"{ret}{sep}{self.name}({args})"


@dataclass
class Interface:
    name: str
    functions: List[Function]
    line: int


@dataclass
class Idl:
    path: str
    includes: List[str] = field(default_factory=list)     # '"block.h"' or '<stdio.h>'
    interfaces: List[Interface] = field(default_factory=list)

    @property
    def functions(self) -> List[Function]:
        return [f for i in self.interfaces for f in i.functions]

    def user_types(self) -> List[str]:
        seen: List[str] = []
        for f in self.functions:
            for t in [f.returns] + [p.type for p in f.params]:
                if t.is_user and t.name not in seen:
                    seen.append(t.name)
        return seen
