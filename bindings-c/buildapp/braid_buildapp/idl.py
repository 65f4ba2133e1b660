"""Lexer and recursive-descent parser of COMPSs' C-binding IDL.

    #include "block.h"                       (copied into the generated header)
    interface Name {
        void f(in int a, inout File b, out double r);
        Block g(in Block x, in string s);    (a user type: the user's Block_serialize etc.)
    };

Comments: // and /* */. Every error is an IdlError whose str() is 'file:line: message'.
"""
import ctypes
import re
from typing import List, Optional, Tuple

from .model import BASIC, DIRECTIONS, STREAMS, UNSIGNABLE, Function, Idl, Interface, Param, Type

KEYWORDS = {"interface", "in", "out", "inout", "void", "unsigned", "string", "File"} | set(BASIC) | set(STREAMS)
# Words of COMPSs' IDL grammar that this generator does not take, with the reason.
UNSUPPORTED = {
    "wchar": "wide characters are not supported: use char or string",
    "wstring": "wide strings are not supported: use string",
    "any": "'any' is not supported: use a user type with its own serialise functions",
    "longlong": "'longlong' is not supported: long is 64 bits here",
    "static": "static (class) methods are C++ classes' tasks: not supported, declare a plain function",
    "enum": "enum parameters are not supported: pass an int",
}


def in_c_library(name: str) -> bool:
    """Whether the C library (as this process has it loaded) exports a function of that name: a task
    function named so (write, link, step, ...) would replace it in the master program, whose stub
    defines the name, and the worker library's own calls would bind to the C library's."""
    try:
        getattr(ctypes.CDLL(None), name)
        return True
    except (AttributeError, OSError):
        return False


TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+) | (?P<nl>\n) | (?P<linecomment>//[^\n]*) | (?P<comment>/\*)
  | (?P<include>\#[^\n]*) | (?P<at>@[^\n]*)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*) | (?P<number>[0-9]+) | (?P<punct>[{}();,\[\]])
""", re.VERBOSE)


class IdlError(Exception):
    """A bad IDL file: str() is 'file:line: message', the one line braid-c-buildapp prints."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.line = line
        self.message = message


def tokenize(text: str, path: str) -> Tuple[List[Tuple[str, str, int]], List[str]]:
    """Tokens (kind, text, line) and the #include lines' targets."""
    tokens, includes, line, pos = [], [], 1, 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise IdlError(path, line, f"unexpected character {text[pos]!r}")
        kind, value = m.lastgroup, m.group()
        pos = m.end()
        if kind == "nl":
            line += 1
        elif kind == "comment":
            end = text.find("*/", pos)
            if end < 0:
                raise IdlError(path, line, "comment not closed: '/*' without '*/'")
            line += text.count("\n", pos, end)
            pos = end + 2
        elif kind == "include":
            inc = re.fullmatch(r'#\s*include\s*("[^"\n]+"|<[^>\n]+>)\s*;?\s*', value)
            if not inc:
                raise IdlError(path, line, f"only '#include \"file.h\"' lines may start with '#', not {value.strip()!r}")
            includes.append(inc.group(1))
        elif kind == "at":
            raise IdlError(path, line, f"constraints ({value.split('(')[0].strip()}) are not supported yet")
        elif kind in ("ident", "number", "punct"):
            tokens.append((kind, value, line))
    tokens.append(("eof", "end of file", line))
    return tokens, includes


class Parser:
    def __init__(self, text: str, path: str):
        self.path = path
        self.tokens, includes = tokenize(text, path)
        self.i = 0
        self.idl = Idl(path, includes)
        self.declared: List[Function] = []

    # -- token helpers ----------------------------------------------------------------------
    def peek(self):
        return self.tokens[self.i]

    def next(self):
        tok = self.tokens[self.i]
        if tok[0] != "eof":
            self.i += 1
        return tok

    def error(self, message: str, tok=None):
        tok = tok or self.peek()
        raise IdlError(self.path, tok[2], message)

    @staticmethod
    def shown(tok) -> str:
        return "end of file" if tok[0] == "eof" else repr(tok[1])

    def expect(self, text: str, what: Optional[str] = None):
        tok = self.next()
        if tok[1] != text or tok[0] == "eof":
            self.error(f"expected {what or repr(text)}, found {self.shown(tok)}", tok)
        return tok

    def identifier(self, what: str) -> Tuple[str, int]:
        tok = self.next()
        if tok[0] != "ident":
            self.error(f"expected {what}, found {self.shown(tok)}", tok)
        if tok[1] in KEYWORDS:
            self.error(f"expected {what}, found the keyword {tok[1]!r}", tok)
        return tok[1], tok[2]

    # -- grammar ----------------------------------------------------------------------------
    def parse(self) -> Idl:
        while self.peek()[0] != "eof":
            tok = self.peek()
            if tok[1] != "interface":
                self.error(f"expected 'interface', found {self.shown(tok)}")
            self.interface()
        if not self.idl.interfaces:
            raise IdlError(self.path, self.peek()[2], "no interface declared (interface Name { ... };)")
        return self.idl

    def interface(self):
        line = self.expect("interface")[2]
        name, _ = self.identifier("the interface's name")
        self.expect("{")
        functions = []
        while not (self.peek()[0] == "punct" and self.peek()[1] == "}"):
            if self.peek()[0] == "eof":
                self.error(f"expected '}}' closing interface {name}, found end of file")
            functions.append(self.function())
        self.expect("}")
        self.expect(";", "';' after the interface's '}'")
        self.idl.interfaces.append(Interface(name, functions, line))

    def type(self, where: str, allow_void: bool) -> Type:
        tok = self.next()
        word = tok[1]
        if tok[0] != "ident":
            self.error(f"expected {where}, found {self.shown(tok)}", tok)
        if word in UNSUPPORTED:
            self.error(UNSUPPORTED[word], tok)
        if word == "unsigned":
            base = self.next()
            if base[1] not in UNSIGNABLE or base[0] != "ident":
                self.error(f"'unsigned' goes with {', '.join(UNSIGNABLE)}, not {self.shown(base)}", base)
            result = Type(base[1], unsigned=True)
        elif word in DIRECTIONS:
            self.error(f"expected {where}, found the direction {word!r}", tok)
        elif word == "void" and not allow_void:
            self.error("a parameter cannot be void", tok)
        elif word == "interface":
            self.error(f"expected {where}, found 'interface' (missing '}};' before it?)", tok)
        else:
            result = Type(word)
        if self.peek()[1] == "[":
            self.error("arrays are not supported: use a user type with its own serialise functions, or a File")
        return result

    def function(self) -> Function:
        start = self.peek()
        returns = self.type("a return type (void, a basic type, string or a user type)", allow_void=True)
        if returns.name == "File":
            self.error("a task cannot return a File: declare it 'out File'", start)
        if returns.is_stream:
            self.error(f"a task cannot return {'an' if returns.name[0] in 'AEIOU' else 'a'} {returns.name}: pass it as a parameter, 'out {returns.name}' to "
                       f"publish on it", start)
        name, line = self.identifier("the function's name")
        if any(f.name == name for f in self.declared):
            self.error(f"function {name} is declared twice", (None, None, line))
        if in_c_library(name):
            self.error(f"function {name} has the name of a C library function: its stub would replace that "
                       f"function in the program (and the JVM in it); rename the task", (None, None, line))
        self.expect("(", f"'(' after {name}")
        params: List[Param] = []
        if self.peek()[1] != ")":
            while True:
                params.append(self.param(name, params))
                if self.peek()[1] != ",":
                    break
                self.next()
        self.expect(")", f"',' or ')' in the parameters of {name}")
        self.expect(";", f"';' after the declaration of {name}")
        function = Function(name, returns, params, line)
        self.declared.append(function)
        return function

    def param(self, function: str, params: List[Param]) -> Param:
        tok = self.next()
        if tok[1] not in DIRECTIONS or tok[0] != "ident":
            self.error(f"expected a direction (in, out, inout) for parameter {len(params) + 1} of {function}, "
                       f"found {self.shown(tok)}", tok)
        type_ = self.type(f"the type of parameter {len(params) + 1} of {function}", allow_void=False)
        if type_.is_stream and tok[1] == "inout":
            self.error(f"parameter {len(params) + 1} of {function}: a task reads a stream (in {type_.name}) or "
                       f"publishes on it (out {type_.name}), not both", tok)
        name, line = self.identifier(f"the name of parameter {len(params) + 1} of {function}")
        if any(p.name == name for p in params):
            self.error(f"parameter {name} of {function} is declared twice", (None, None, line))
        return Param(tok[1], type_, name, line)


def parse(text: str, path: str) -> Idl:
    """Parses an IDL text; raises IdlError ('file:line: message')."""
    return Parser(text, path).parse()


def parse_file(path: str) -> Idl:
    """Parses an IDL file; OSError when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError as e:
        raise IdlError(path, 1, f"not UTF-8 text ({e.reason})") from None
    return parse(text, path)
