#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""pageunits.py: find CPU-page/GPU-page unit mixing in amdgpu and amdkfd.

usage: pageunits.py [--table FILE] [--suppress FILE] [--stats] TREE [DIR...]

Reads every .c and .h file of DIR... (default: the amdgpu and amdkfd
directories) in the kernel tree TREE and prints one finding a line:

    FILE:LINE: RULE: MESSAGE

A value is a CPU page (number or count), a GPU page (4 KiB) or bytes.
Conversions fix the unit (<< PAGE_SHIFT, >> AMDGPU_GPU_PAGE_SHIFT,
PFN_UP, * AMDGPU_GPU_PAGES_IN_CPU_PAGE, ...), and so do the fields,
parameters and return values of the table (harness/data/pageunits.table).
Units flow through locals, parameters, return values, out-parameters
(*p = x) and struct fields, across files; the rules are listed in RULES.
The C is read by a tolerant parser of its own: a statement it cannot read
is skipped, never guessed at.  Test code (tests/ directories) is not read.

--suppress FILE drops the findings FILE lists, one a line as printed but
without the line number, each below a comment that gives its reason
(harness/data/pageunits.suppress).
"""
import os
import re
import sys
import time

RULES = {
    'mixed-unit': 'one value used as CPU pages in one place and as GPU pages in another',
    'mixed-arith': 'arithmetic or comparison of CPU pages with GPU pages',
    'wrong-arg': 'a value of one unit passed where the table wants the other',
    'trunc-count': 'a count of GPU pages converted to CPU pages by truncation',
    'gpu-pagesize': 'a GPU address or GPU object aligned, masked or sized with PAGE_SIZE',
    'mixed-const': 'PAGE_SIZE added to or subtracted from a 4 KiB-granular constant',
    'size-guard': 'a size checked against PAGE_SIZE',
    'small-extent': 'a 4 KiB extent given to an allocator that works in CPU pages',
    'page-bit': '1 << PAGE_SHIFT used as a bit',
    'offset-twice': 'an in-page offset taken apart from a value that is also used whole',
    'offset-dropped': 'an in-page offset masked off and never used',
}

CPU, GPU, B = 'CPU', 'GPU', 'bytes'
PAGES = (CPU, GPU)

# ---------------------------------------------------------------- lexing

TOKEN = re.compile(r'''
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<str>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<num>0[xX][0-9a-fA-F]+[uUlL]*|[0-9]+(?:\.[0-9]+)?[uUlLfF]*)
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op><<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=
          |[-+*/%&|^~!<>=?:;,.()\[\]{}#\\])
  | (?P<other>.)
''', re.S | re.X)


class Tok:
    __slots__ = ('k', 'v', 'line')

    def __init__(self, k, v, line):
        self.k, self.v, self.line = k, v, line

    def __repr__(self):
        return self.v


def lex(text):
    """Tokens of text, and its object-like and function-like macros."""
    toks, macros = [], {}
    line = 1
    bol = True
    pos = 0
    n = len(text)
    while pos < n:
        m = TOKEN.match(text, pos)
        k = m.lastgroup
        v = m.group(k)
        pos = m.end()
        if k == 'nl':
            line += 1
            bol = True
            continue
        if k in ('ws',):
            continue
        if k == 'comment':
            line += v.count('\n')
            continue
        if bol and v == '#':
            # a directive, with its continuation lines
            end = pos
            while True:
                e = text.find('\n', end)
                if e < 0:
                    e = n
                seg = text[end:e]
                if seg.rstrip().endswith('\\') and e < n:
                    end = e + 1
                    continue
                break
            body = text[pos:e]
            line += body.count('\n')
            pos = e
            d = re.match(r'\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?(.*)', body, re.S)
            if d:
                sub = [t for t in lex_plain(d.group(3).replace('\\\n', ' '))]
                if d.group(2) is None:
                    macros[d.group(1)] = (None, sub)
                else:
                    params = [p.strip() for p in d.group(2)[1:-1].split(',')]
                    macros[d.group(1)] = (params, sub)
            continue
        bol = False
        if k == 'str':
            toks.append(Tok('str', '""', line))
        else:
            toks.append(Tok(k if k in ('num', 'id') else 'op', v, line))
    return toks, macros


def lex_plain(text):
    out = []
    for m in TOKEN.finditer(re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)):
        k = m.lastgroup
        if k in ('ws', 'nl', 'comment'):
            continue
        kind = k if k in ('num', 'id', 'str') else 'op'
        out.append(Tok(kind, m.group(k), 0))
    return out


# ---------------------------------------------------------------- parsing

TYPEWORDS = set('''void char short int long float double signed unsigned bool _Bool
const volatile static inline extern register restrict __iomem __user __force
u8 u16 u32 u64 s8 s16 s32 s64 __u8 __u16 __u32 __u64 __s8 __s16 __s32 __s64
__le16 __le32 __le64 __be16 __be32 __be64 size_t ssize_t loff_t dma_addr_t
phys_addr_t resource_size_t uint8_t uint16_t uint32_t uint64_t int8_t int16_t
int32_t int64_t uintptr_t pgoff_t gfp_t vm_fault_t atomic_t atomic64_t
struct union enum'''.split())

KEYWORDS = set('''if else while for do switch case default return break continue
goto sizeof typeof __typeof__ struct union enum'''.split())

BINARY = {
    '*': 10, '/': 10, '%': 10, '+': 9, '-': 9, '<<': 8, '>>': 8,
    '<': 7, '>': 7, '<=': 7, '>=': 7, '==': 6, '!=': 6, '&': 5, '^': 4,
    '|': 3, '&&': 2, '||': 1,
}
ASSIGN = {'=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>='}


class ParseError(Exception):
    pass


def is_type_tok(t, types):
    return t.k == 'id' and (t.v in TYPEWORDS or t.v.endswith('_t') or t.v in types)


class Parser:
    """A Pratt parser for one C expression; nodes are tuples."""

    def __init__(self, toks, types):
        self.t = toks
        self.i = 0
        self.types = types

    def peek(self, o=0):
        j = self.i + o
        return self.t[j] if j < len(self.t) else None

    def next(self):
        t = self.peek()
        if t is None:
            raise ParseError('end')
        self.i += 1
        return t

    def expect(self, v):
        t = self.next()
        if t.v != v:
            raise ParseError('expected ' + v)

    def expr(self):
        """comma expression"""
        e = self.assign()
        while self.peek() is not None and self.peek().v == ',':
            self.next()
            e = ('comma', e, self.assign())
        return e

    def assign(self):
        lhs = self.cond()
        t = self.peek()
        if t is not None and t.v in ASSIGN:
            self.next()
            return ('assign', t.v, lhs, self.assign(), t.line)
        return lhs

    def cond(self):
        c = self.binary(1)
        t = self.peek()
        if t is not None and t.v == '?':
            self.next()
            a = self.expr() if self.peek().v != ':' else c
            self.expect(':')
            b = self.cond()
            return ('cond', c, a, b)
        return c

    def binary(self, minprec):
        lhs = self.unary()
        while True:
            t = self.peek()
            if t is None or t.k != 'op' or t.v not in BINARY or BINARY[t.v] < minprec:
                return lhs
            self.next()
            rhs = self.binary(BINARY[t.v] + 1)
            lhs = ('bin', t.v, lhs, rhs, t.line)

    def is_cast(self):
        # ( type-name ) followed by something that starts an operand
        j = self.i + 1
        t = self.t
        if j >= len(t) or not is_type_tok(t[j], self.types):
            return False
        depth = 1
        k = j
        while k < len(t):
            if t[k].v == '(':
                depth += 1
            elif t[k].v == ')':
                depth -= 1
                if depth == 0:
                    break
            elif not (t[k].k == 'id' or t[k].v in ('*', '[', ']') or t[k].k == 'num'):
                return False
            k += 1
        if k + 1 >= len(t):
            return False
        nxt = t[k + 1]
        return nxt.k in ('id', 'num', 'str') or nxt.v in ('(', '~', '!', '-', '&', '*', '+', '{')

    def unary(self):
        t = self.peek()
        if t is None:
            raise ParseError('end')
        if t.v in ('-', '+', '!', '~', '*', '&', '++', '--'):
            self.next()
            return ('un', t.v, self.unary())
        if t.v in ('sizeof', 'typeof', '__typeof__', 'alignof', '__alignof__'):
            self.next()
            if self.peek() is not None and self.peek().v == '(':
                self.skip_parens()
            else:
                self.unary()
            return ('sizeof',)
        if t.v == '(' and self.is_cast():
            self.next()
            ty = []
            while self.peek().v != ')':
                ty.append(self.next().v)
            self.next()
            if self.peek() is not None and self.peek().v == '{':
                self.skip_braces()
                return ('opaque',)
            return ('cast', ' '.join(ty), self.unary())
        return self.postfix(self.primary())

    def skip_parens(self):
        depth = 0
        while True:
            t = self.next()
            if t.v in ('(', '[', '{'):
                depth += 1
            elif t.v in (')', ']', '}'):
                depth -= 1
                if depth == 0:
                    return

    skip_braces = skip_parens

    def primary(self):
        t = self.next()
        if t.k == 'id':
            return ('id', t.v, t.line)
        if t.k == 'num':
            return ('num', t.v)
        if t.k == 'str':
            while self.peek() is not None and self.peek().k == 'str':
                self.next()
            return ('str',)
        if t.v == '(':
            if self.peek() is not None and self.peek().v == '{':
                self.i -= 1
                self.skip_parens()
                return ('opaque',)
            e = self.expr()
            self.expect(')')
            return ('paren', e)
        if t.v == '{':
            self.i -= 1
            self.skip_braces()
            return ('opaque',)
        raise ParseError('unexpected ' + t.v)

    def postfix(self, e):
        while True:
            t = self.peek()
            if t is None:
                return e
            if t.v == '(':
                self.next()
                args = []
                if self.peek().v != ')':
                    while True:
                        args.append(self.arg())
                        if self.peek().v == ',':
                            self.next()
                            continue
                        break
                self.expect(')')
                e = ('call', e, args, t.line)
            elif t.v == '[':
                self.next()
                idx = self.expr()
                self.expect(']')
                e = ('index', e, idx)
            elif t.v in ('.', '->'):
                self.next()
                f = self.next()
                e = ('member', e, f.v, t.v)
            elif t.v in ('++', '--'):
                self.next()
                e = ('un', 'post' + t.v, e)
            else:
                return e

    def arg(self):
        # a macro argument may be a type: keep it opaque
        t = self.peek()
        if t is not None and is_type_tok(t, self.types) and t.v not in ('sizeof',):
            j = self.i
            depth = 0
            while j < len(self.t):
                v = self.t[j].v
                if v in ('(', '['):
                    depth += 1
                elif v in (')', ']'):
                    if depth == 0:
                        break
                    depth -= 1
                elif v == ',' and depth == 0:
                    break
                j += 1
            self.i = j
            return ('type',)
        return self.assign()


def parse_expr(toks, types):
    p = Parser(toks, types)
    e = p.expr()
    if p.i != len(toks):
        raise ParseError('trailing ' + toks[p.i].v)
    return e


# ---------------------------------------------------------------- files

def split_top(toks):
    """Top-level items: ('func', name, static, params_toks, body_toks, line),
    ('struct', name, body_toks), ('decl', toks)."""
    items = []
    i, n = 0, len(toks)
    start = 0
    while i < n:
        t = toks[i]
        if t.v == '{':
            j = match(toks, i)
            head = toks[start:i]
            # a function: ... name ( params ) [attributes] {
            k = len(head) - 1
            while k >= 0 and head[k].v != ')':
                k -= 1
            name = None
            if k >= 0 and not any(x.v == '=' for x in head):
                o = match_back(head, k)
                if o is not None and o > 0 and head[o - 1].k == 'id' \
                        and head[o - 1].v not in KEYWORDS:
                    name = head[o - 1].v
                    static = any(x.v == 'static' for x in head[:o - 1])
                    items.append(('func', name, static, head[o + 1:k], toks[i + 1:j],
                                  head[o - 1].line))
            if name is None:
                sname = None
                for a, b in zip(head, head[1:]):
                    if a.v in ('struct', 'union') and b.k == 'id':
                        sname = b.v
                if sname and head and head[-1].v == sname:
                    items.append(('struct', sname, toks[i + 1:j]))
                # skip to the end of the declaration
                k = j + 1
                while k < n and toks[k].v != ';':
                    if toks[k].v == '{':
                        k = match(toks, k)
                    k += 1
                j = k
            i = j + 1
            start = i
            continue
        if t.v == ';':
            items.append(('decl', toks[start:i]))
            start = i + 1
        i += 1
    return items


def match(toks, i):
    """index of the bracket closing toks[i]"""
    o, c = toks[i].v, {'{': '}', '(': ')', '[': ']'}[toks[i].v]
    depth = 0
    for j in range(i, len(toks)):
        if toks[j].v == o:
            depth += 1
        elif toks[j].v == c:
            depth -= 1
            if depth == 0:
                return j
    return len(toks) - 1


def match_back(toks, k):
    depth = 0
    for j in range(k, -1, -1):
        if toks[j].v == ')':
            depth += 1
        elif toks[j].v == '(':
            depth -= 1
            if depth == 0:
                return j
    return None


def split_at(toks, sep):
    """toks split at each sep outside brackets, empty parts kept"""
    out, cur, depth = [], [], 0
    for t in toks:
        if t.v in ('(', '[', '{'):
            depth += 1
        elif t.v in (')', ']', '}'):
            depth -= 1
        if t.v == sep and depth == 0:
            out.append(cur)
            cur = []
        else:
            cur.append(t)
    out.append(cur)
    return out


def split_commas(toks):
    return [p for p in split_at(toks, ',') if p]


def decl_name_type(toks):
    """(name, struct type or None) of a declarator like 'struct x *p'."""
    sname = None
    for a, b in zip(toks, toks[1:]):
        if a.v in ('struct', 'union') and b.k == 'id':
            sname = b.v
    name = None
    depth = 0
    for t in toks:
        if t.v in ('(', '['):
            depth += 1
        elif t.v in (')', ']'):
            depth -= 1
        elif t.k == 'id' and depth == 0 and t.v not in TYPEWORDS and t.v != sname \
                and not t.v.startswith('__'):
            name = t.v
        elif t.v == ':' and depth == 0:
            break
    # a function pointer member: (*name)(...)
    for a, b, c in zip(toks, toks[1:], toks[2:]):
        if a.v == '(' and b.v == '*' and c.k == 'id':
            return c.v, None
    return name, sname


def struct_fields(body):
    """{field: struct type or None} of a struct body, nested ones flattened."""
    fields = {}
    i = 0
    cur = []
    while i < len(body):
        t = body[i]
        if t.v == '{':
            j = match(body, i)
            fields.update(struct_fields(body[i + 1:j]))
            # the nested aggregate's own member name, if any
            k = j + 1
            decl = []
            while k < len(body) and body[k].v != ';':
                decl.append(body[k])
                k += 1
            for d in split_commas(decl):
                nm, _ = decl_name_type(d)
                if nm:
                    fields[nm] = None
            i = k + 1
            cur = []
            continue
        if t.v == ';':
            parts = split_commas(cur)
            if parts:
                _, st = decl_name_type(parts[0])
                for p in parts:
                    nm, _ = decl_name_type(p if p is parts[0] else parts[0][:1] + p)
                    if nm:
                        fields[nm] = st
            cur = []
        else:
            cur.append(t)
        i += 1
    return fields


# ---------------------------------------------------------------- the table

class Table:
    """harness/data/pageunits.table: units the code documents."""

    def __init__(self, path):
        self.field = {}     # 'struct.field' -> unit ('GA' for a GPU address)
        self.arg = {}       # (function, index) -> unit
        self.ret = {}       # function -> unit
        self.tree = {}      # 'struct.field' of an interval tree -> unit of its keys
        self.extent = set()  # (allocator, index): a size in CPU pages granularity
        with open(path) as f:
            for ln in f:
                ln = ln.split('#', 1)[0].split()
                if not ln:
                    continue
                kind = ln[0]
                if kind == 'field':
                    self.field[ln[1]] = ln[2]
                elif kind == 'arg':
                    self.arg[(ln[1], int(ln[2]))] = ln[3]
                elif kind == 'ret':
                    self.ret[ln[1]] = ln[2]
                elif kind == 'tree':
                    self.tree[ln[1]] = ln[2]
                elif kind == 'extent':
                    self.extent.add((ln[1], int(ln[2])))
                else:
                    raise SystemExit('pageunits: unknown table entry: ' + ' '.join(ln))


# ---------------------------------------------------------------- analysis

CONV_CPU = {'PFN_UP', 'PFN_DOWN', 'PHYS_PFN', 'virt_to_pfn', 'page_to_pfn', 'vmalloc_to_pfn',
            'pte_pfn', 'dma_to_pfn'}
CONV_B = {'PFN_PHYS', 'PAGE_ALIGN', 'PAGE_ALIGN_DOWN', 'AMDGPU_GPU_PAGE_ALIGN', 'page_to_phys',
          'amdgpu_bo_size', 'offset_in_page'}
MASKERS = {'ALIGN', 'ALIGN_DOWN', 'round_up', 'round_down', 'IS_ALIGNED', 'roundup', 'rounddown'}
COUNT_NAME = re.compile(r'(^|_)(n|num|count|cnt|size|npages|entries|len|nr)(_|$)|pages$|^n[a-z]')
GA_NAME = re.compile(r'(gpu_addr|mc_addr|gpu_offset|_va$|^va$|gpu_va|gart_addr|mqd_addr'
                     r'|wptr_addr|rptr_addr)')


def strip(e):
    """e without the parentheses and casts around it"""
    while e[0] in ('paren', 'cast'):
        e = e[1] if e[0] == 'paren' else e[2]
    return e


def page_const(e):
    """which page size constant e is: 'P' (PAGE_SIZE), 'G' (4 KiB) or None"""
    e = strip(e)
    if e[0] == 'id':
        if e[1] == 'PAGE_SIZE':
            return 'P'
        if e[1] in ('AMDGPU_GPU_PAGE_SIZE', 'SZ_4K'):
            return 'G'
    if e[0] == 'num' and e[1].rstrip('uUlL').lower() in ('4096', '0x1000'):
        return 'G'
    return None


def shift_const(e):
    e = strip(e)
    if e[0] == 'id':
        if e[1] == 'PAGE_SHIFT':
            return 'P'
        if e[1] == 'AMDGPU_GPU_PAGE_SHIFT':
            return 'G'
    if e[0] == 'num' and e[1].rstrip('uUlL') == '12':
        return 'G'
    if e[0] == 'bin' and e[1] == '-' and shift_const(e[2]) == 'P' and shift_const(e[3]) == 'G':
        return 'D'      # PAGE_SHIFT - AMDGPU_GPU_PAGE_SHIFT
    return None


def has_id(e, name):
    if isinstance(e, tuple):
        if e[0] == 'id' and e[1] == name:
            return True
        return any(has_id(x, name) for x in e[1:] if isinstance(x, (tuple, list)))
    if isinstance(e, list):
        return any(has_id(x, name) for x in e)
    return False


def is_variable_free(e):
    """e is a constant expression (after macro expansion)"""
    if e[0] == 'id':
        return e[1].isupper() or e[1].startswith('SZ_')
    if e[0] in ('num', 'sizeof'):
        return True
    if e[0] in ('call',):
        return False
    return all(is_variable_free(x) for x in e[1:] if isinstance(x, tuple))


def text(e):
    """a short rendering of an expression, for messages"""
    k = e[0]
    if k == 'id':
        return e[1]
    if k == 'num':
        return e[1]
    if k == 'member':
        return text(e[1]) + e[3] + e[2]
    if k == 'paren':
        return '(' + text(e[1]) + ')'
    if k == 'cast':
        return text(e[2])
    if k == 'bin':
        return text(e[2]) + ' ' + e[1] + ' ' + text(e[3])
    if k == 'un':
        return e[1].replace('post', '') + text(e[2]) if not e[1].startswith('post') \
            else text(e[2]) + e[1][4:]
    if k == 'call':
        return text(e[1]) + '(' + ', '.join(text(a) for a in e[2]) + ')'
    if k == 'assign':
        return text(e[2]) + ' ' + e[1] + ' ' + text(e[3])
    if k == 'index':
        return text(e[1]) + '[' + text(e[2]) + ']'
    return '...'


class Analysis:
    def __init__(self, table):
        self.table = table
        self.structs = {}       # struct -> {field: struct type}
        self.macros = {}
        self.funcs = {}         # key -> (params[(name, stype)], file)
        self.static = {}        # (file, name) -> key
        self.global_funcs = {}  # name -> key
        self.types = set()
        # facts
        self.evid = {}          # slot -> {(unit, origin)}
        self.need = {}          # slot -> {(unit, origin)}
        self.flows = {}         # src -> {dst}
        self.rflows = {}        # dst -> {src}
        self.mixes = []         # (loc, op, desc, desc)
        self.args = []          # (loc, callee, index, desc, unit)
        self.findings = []

    # ---- slots
    def slot_of(self, e, ctx):
        """the slot an expression names, or None"""
        e = strip(e)
        if e[0] == 'id':
            name = e[1]
            if name == '__return__':
                return 'r:' + ctx['fkey']
            if name in ctx['locals']:
                k = ctx['ver'].get(name, 0)
                return 'v:%s:%s' % (ctx['fkey'], name) + ('#%d' % k if k else '')
            return None
        if e[0] == 'member':
            st = self.type_of(e[1], ctx)
            if st:
                return 'f:%s.%s' % (st, e[2])
            return None
        if e[0] == 'un' and e[1] == '*':
            inner = e[2]
            while inner[0] == 'paren':
                inner = inner[1]
            if inner[0] == 'id' and inner[1] in ctx['params']:
                return 'd:%s:%s' % (ctx['fkey'], inner[1])
        if e[0] == 'index':
            inner = e[1]
            while inner[0] == 'paren':
                inner = inner[1]
            if inner[0] == 'id' and inner[1] in ctx['params']:
                return 'd:%s:%s' % (ctx['fkey'], inner[1])
        if e[0] == 'call' and e[1][0] == 'id':
            key = self.func_key(e[1][1], ctx)
            if key in self.funcs:
                return 'r:' + key
        return None

    def type_of(self, e, ctx):
        """the struct type of an expression, where it is known"""
        while e[0] in ('paren',):
            e = e[1]
        if e[0] == 'cast':
            m = re.match(r'struct (\w+)', e[1])
            return m.group(1) if m else self.type_of(e[2], ctx)
        if e[0] == 'id':
            return ctx['vtypes'].get(e[1])
        if e[0] == 'member':
            st = self.type_of(e[1], ctx)
            if st and st in self.structs:
                return self.structs[st].get(e[2])
            return None
        if e[0] == 'index':
            return self.type_of(e[1], ctx)
        if e[0] == 'un' and e[1] in ('*', '&'):
            return self.type_of(e[2], ctx)
        if e[0] == 'call' and e[1][0] == 'id' and e[1][1] == 'container_of' and len(e[2]) == 3:
            return None
        return None

    def func_key(self, name, ctx):
        k = self.static.get((ctx['file'], name))
        if k:
            return k
        return self.global_funcs.get(name, name)

    # ---- facts
    def add(self, d, slot, unit, origin):
        s = d.setdefault(slot, set())
        if len(s) < 8:
            s.add((unit, origin))

    def flow(self, src, dst):
        if src == dst:
            return
        self.flows.setdefault(src, set()).add(dst)
        self.rflows.setdefault(dst, set()).add(src)

    def require(self, e, unit, ctx, loc, why):
        s = self.slot_of(e, ctx)
        if s:
            self.add(self.need, s, unit, (loc, why))

    def ev(self, e, ctx):
        """('u', unit) or ('s', slot) or None, recording facts on the way"""
        k = e[0]
        loc = ctx['loc']
        if k == 'paren':
            return self.ev(e[1], ctx)
        if k == 'cast':
            return self.ev(e[2], ctx)
        if k in ('id', 'member', 'index'):
            if k == 'member':
                self.ev(e[1], ctx)
            if k == 'index':
                self.ev(e[1], ctx)
                self.ev(e[2], ctx)
            s = self.slot_of(e, ctx)
            if k == 'member':
                st = self.type_of(e[1], ctx)
                u = self.table.field.get('%s.%s' % (st, e[2])) if st else None
                if u == 'GA':
                    return ('u', 'GA')
                if u:
                    return ('u', u)
            if k == 'id' and GA_NAME.search(e[1]):
                return ('u', 'GA')
            if k == 'member' and GA_NAME.search(e[2]):
                return ('u', 'GA')
            return ('s', s) if s else None
        if k == 'bin':
            return self.ev_bin(e, ctx)
        if k == 'un':
            d = self.ev(e[2], ctx)
            if e[1] in ('-', '+', '++', '--', 'post++', 'post--'):
                return d
            return None
        if k == 'cond':
            self.ev(e[1], ctx)
            a = self.ev(e[2], ctx)
            b = self.ev(e[3], ctx)
            if a and b:
                self.mixes.append((loc, '?:', a, b, e))
            return a or b
        if k == 'assign':
            return self.ev_assign(e, ctx)
        if k == 'call':
            return self.ev_call(e, ctx)
        if k == 'comma':
            self.ev(e[1], ctx)
            return self.ev(e[2], ctx)
        return None

    def ev_bin(self, e, ctx):
        op, l, r = e[1], e[2], e[3]
        loc = ctx['loc']
        sc = shift_const(r)
        pc = page_const(r)
        if op in ('<<', '>>') and sc:
            self.ev(l, ctx)
            if sc == 'D':
                self.require(l, CPU if op == '<<' else GPU, ctx, loc, text(e))
                return ('u', GPU if op == '<<' else CPU)
            unit = CPU if sc == 'P' else GPU
            if op == '<<':
                self.require(l, unit, ctx, loc, text(e))
                if l[0] == 'num' and l[1] == '1' and sc == 'P':
                    return ('u', 'BIT')
                return ('u', B)
            return ('u', unit)
        if op == '*' and (pc or page_const(l)):
            other = l if pc else r
            unit = CPU if (pc or page_const(l)) == 'P' else GPU
            self.ev(other, ctx)
            self.require(other, unit, ctx, loc, text(e))
            return ('u', B)
        if op == '/' and pc:
            self.ev(l, ctx)
            self.require(l, B, ctx, loc, text(e))
            return ('u', CPU if pc == 'P' else GPU)
        if op in ('*', '/') and r[0] in ('id', 'paren') and \
                has_id(r, 'AMDGPU_GPU_PAGES_IN_CPU_PAGE'):
            d = self.ev(l, ctx)
            if op == '*':
                self.require(l, CPU, ctx, loc, text(e))
                return ('u', GPU)
            self.require(l, GPU, ctx, loc, text(e))
            self.trunc(l, e, ctx)
            return ('u', CPU)
        if op == '>>' and sc == 'D':
            self.trunc(l, e, ctx)
        if op == '&':
            a = self.ev(l, ctx)
            if self.ev(r, ctx) == ('u', 'BIT'):
                self.page_bit(loc, e)
            if self.is_page_mask(r):
                if a == ('u', 'GA'):
                    self.find(loc, 'gpu-pagesize', 'GPU address %s masked with the CPU page size'
                              % text(l))
                return ('u', B)
            return None
        a = self.ev(l, ctx)
        b = self.ev(r, ctx)
        if op in ('|', '^') and ('u', 'BIT') in (a, b):
            self.page_bit(loc, e)
        if op in ('+', '-') and (page_const(l) or page_const(r)) and is_variable_free(e):
            self.mixed_const(e, ctx)
        if op in ('+', '-', '<', '>', '<=', '>=', '==', '!='):
            if a and b:
                self.mixes.append((loc, op, a, b, e))
            if op in ('+', '-'):
                if a and a[0] == 'u' and a[1] == 'GA' or b and b[0] == 'u' and b[1] == 'GA':
                    return ('u', 'GA')
                return a or b
            if op in ('<', '>', '<=', '>=') and (page_const(r) == 'P' or page_const(l) == 'P'):
                other = l if page_const(r) == 'P' else r
                if other[0] == 'sizeof' or (other[0] == 'paren' and other[1][0] == 'sizeof'):
                    self.find(loc, 'size-guard', 'sizeof checked against PAGE_SIZE, not the '
                              'size of the GPU buffer it goes to')
            return None
        return None

    def is_page_mask(self, r):
        r = strip(r)
        if r[0] == 'id' and r[1] == 'PAGE_MASK':
            return True
        if r[0] == 'un' and r[1] == '~' and self.is_page_mask(r[2]):
            return True
        if r[0] == 'bin' and r[1] == '-' and page_const(r[2]) == 'P' and r[3][0] == 'num':
            return True
        return False

    def trunc(self, l, e, ctx):
        name = text(l)
        last = re.split(r'->|\.', name)[-1]
        if COUNT_NAME.search(last):
            self.find(ctx['loc'], 'trunc-count', '%s: a count of GPU pages rounded down to CPU '
                      'pages' % text(e))

    def mixed_const(self, e, ctx):
        # PAGE_SIZE and a 4 KiB-granular constant in one sum
        def terms(x, out):
            x = strip(x)
            if x[0] == 'bin' and x[1] in ('+', '-'):
                terms(x[2], out)
                terms(x[3], out)
            else:
                out.append(x)
            return out
        ts = terms(e, [])
        cpu = any(has_id(t, 'PAGE_SIZE') for t in ts)
        gpu = any(not has_id(t, 'PAGE_SIZE') and (has_id(t, 'AMDGPU_GPU_PAGE_SIZE') or
                  t[0] == 'num' and int_val(t[1]) is not None and int_val(t[1]) % 4096 == 0 and
                  int_val(t[1]) > 0) for t in ts)
        if cpu and gpu:
            self.find(ctx['loc'], 'mixed-const', '%s mixes PAGE_SIZE with 4 KiB-granular sizes'
                      % text(e))

    def ev_assign(self, e, ctx):
        op, l, r = e[1], e[2], e[3]
        loc = ctx['loc']
        self.ev_lvalue(l, ctx)
        d = self.ev(r, ctx)
        if op == '=' and l[0] == 'id' and l[1] in ctx['locals'] and l[1] not in ctx['params']:
            # a local's value is the one last stored, in the order of the text
            ctx['ver'][l[1]] = ctx['nver'] = ctx['nver'] + 1
        s = self.slot_of(l, ctx)
        if op == '=':
            if s and d:
                if d[0] == 's':
                    self.flow(d[1], s)
                elif d[1] in PAGES or d[1] == B:
                    self.add(self.evid, s, d[1], (loc, text(r)))
            if self.masked_same(l, r):
                self.dropped(l, ctx)
            return d
        if op == '&=' and self.is_page_mask(r) and not (r[0] == 'un' and r[1] == '~'):
            self.dropped(l, ctx)
        if op in ('|=', '&=', '^=') and d == ('u', 'BIT'):
            self.page_bit(loc, e)
        if op in ('+=', '-=') and s and d:
            self.mixes.append((loc, op, ('s', s), d, e))
        if op == '<<=' and shift_const(r) in ('P', 'G'):
            self.require(l, CPU if shift_const(r) == 'P' else GPU, ctx, loc, text(e))
        return ('s', s) if s else None

    def masked_same(self, l, r):
        r = strip(r)
        if r[0] == 'bin' and r[1] == '&' and text(r[2]) == text(l) and self.is_page_mask(r[3]) \
                and not (r[3][0] == 'un'):
            return True
        if r[0] == 'call' and r[1][0] == 'id' and r[1][1] in ('ALIGN_DOWN', 'round_down') \
                and len(r[2]) == 2 and text(r[2][0]) == text(l) and page_const(r[2][1]) == 'P':
            return True
        return False

    def dropped(self, l, ctx):
        ctx['dropped'].append((ctx['loc'], text(l)))

    def ev_lvalue(self, l, ctx):
        if l[0] == 'member':
            self.ev(l[1], ctx)
        elif l[0] == 'index':
            self.ev(l[1], ctx)
            self.ev(l[2], ctx)

    def ev_call(self, e, ctx):
        f, args, loc = e[1], e[2], ctx['loc']
        name = f[1] if f[0] == 'id' else None
        if name is None:
            self.ev(f, ctx)
            for a in args:
                self.ev(a, ctx)
            return None
        ds = [self.ev(a, ctx) for a in args]
        n = len(args)
        if name in CONV_CPU:
            if name in ('PFN_UP', 'PFN_DOWN', 'PHYS_PFN') and n == 1:
                self.require(args[0], B, ctx, loc, text(e))
            return ('u', CPU)
        if name in CONV_B:
            if name == 'PFN_PHYS' and n == 1:
                self.require(args[0], CPU, ctx, loc, text(e))
            if name in ('PAGE_ALIGN', 'offset_in_page') and n == 1 and ds[0] == ('u', 'GA'):
                self.find(loc, 'gpu-pagesize', 'GPU address %s %s with the CPU page size'
                          % (text(args[0]), 'aligned' if name == 'PAGE_ALIGN' else 'masked'))
            return ('u', B)
        if name == 'DIV_ROUND_UP' and n == 2 and page_const(args[1]):
            return ('u', CPU if page_const(args[1]) == 'P' else GPU)
        if name in MASKERS and n == 2 and page_const(args[1]) == 'P':
            if ds[0] == ('u', 'GA'):
                self.find(loc, 'gpu-pagesize', 'GPU address %s aligned to the CPU page size'
                          % text(args[0]))
            return ds[0]
        if name in ('min', 'max', 'min_t', 'max_t', 'clamp', 'clamp_t', 'umin', 'umax'):
            vals = [(a, d) for a, d in zip(args, ds) if d]
            for (a1, d1), (a2, d2) in zip(vals, vals[1:]):
                self.mixes.append((loc, name, d1, d2, e))
            return vals[0][1] if vals else None
        if name in ('BIT', 'BIT_ULL') and n == 1 and shift_const(args[0]) == 'P':
            return ('u', 'BIT')
        if name in ('memset', 'memset_io', 'memcpy', 'memcpy_toio', 'memcpy_fromio') and n == 3:
            if has_id(args[2], 'PAGE_SIZE') and not has_id(args[2], 'AMDGPU_GPU_PAGE_SIZE'):
                ctx['pagesized'].append((loc, name, text(args[2])))
            elif args[2][0] == 'id' and args[2][1] in ctx['pagesize_vars']:
                ctx['pagesized'].append((loc, name, text(args[2])))
        key = self.func_key(name, ctx)
        # the table's parameters
        for i, (a, d) in enumerate(zip(args, ds)):
            u = self.table.arg.get((name, i + 1))
            if u:
                self.args.append((loc, name, i + 1, d, u, text(a)))
                self.require(a, u, ctx, loc, '%s() argument %d' % (name, i + 1))
            if (name, i + 1) in self.table.extent and page_const(a) == 'G':
                self.find(loc, 'small-extent', '%s() given %s, less than its chunk of '
                          'PAGE_SIZE' % (name, text(a)))
        # interval trees keyed in one unit
        if name in ('interval_tree_iter_first', 'interval_tree_iter_next') and n == 3:
            t = args[0]
            if t[0] == 'un' and t[1] == '&' and t[2][0] == 'member':
                st = self.type_of(t[2][1], ctx)
                u = self.table.tree.get('%s.%s' % (st, t[2][2])) if st else None
                if u:
                    for i in (1, 2):
                        self.args.append((loc, '%s(&%s)' % (name, text(t[2])), i + 1, ds[i], u,
                                          text(args[i])))
                        self.require(args[i], u, ctx, loc, 'key of %s.%s' % (st, t[2][2]))
        # parameters of the functions we read
        fn = self.funcs.get(key)
        if fn:
            params = fn[0]
            for i, (a, d) in enumerate(zip(args, ds)):
                if i >= len(params) or not params[i][0]:
                    continue
                ps = 'v:%s:%s' % (key, params[i][0])
                if d and d[0] == 's':
                    self.flow(d[1], ps)
                elif d and d[1] in PAGES + (B,):
                    self.add(self.evid, ps, d[1], (loc, text(a)))
                # out-parameters: f(&x) and *p = ... in f
                inner = a
                if inner[0] == 'un' and inner[1] == '&':
                    s = self.slot_of(inner[2], ctx)
                    if s:
                        self.flow('d:%s:%s' % (key, params[i][0]), s)
        u = self.table.ret.get(name)
        if u:
            return ('u', u)
        return ('s', 'r:' + key) if fn else None

    def page_bit(self, loc, e):
        self.find(loc, 'page-bit', '%s: 1 << PAGE_SHIFT used as a bit, which moves with the '
                  'CPU page size' % text(e))

    def find(self, loc, rule, msg):
        self.findings.append((loc[0], loc[1], rule, msg))

    # ---- reading
    def read(self, files):
        parsed = []
        for path, rel in files:
            with open(path, errors='replace') as f:
                toks, macros = lex(f.read())
            self.macros.update({k: v for k, v in macros.items() if k not in self.macros})
            parsed.append((rel, toks))
        for rel, toks in parsed:
            for it in split_top(toks):
                if it[0] == 'struct':
                    f = struct_fields(it[2])
                    self.structs.setdefault(it[1], {}).update(f)
                elif it[0] == 'decl':
                    d = it[1]
                    if d and d[0].v == 'typedef' and d[-1].k == 'id':
                        self.types.add(d[-1].v)
        funcs = []
        for rel, toks in parsed:
            for it in split_top(toks):
                if it[0] != 'func':
                    continue
                _, name, static, ptoks, body, line = it
                params = []
                for p in split_commas(ptoks):
                    nm, st = decl_name_type(p)
                    params.append((nm, st))
                key = '%s:%s' % (rel, name) if static else name
                if static:
                    self.static[(rel, name)] = key
                else:
                    self.global_funcs[name] = key
                self.funcs[key] = (params, rel)
                funcs.append((rel, key, params, body))
        self.nstmts = self.nfailed = 0
        for rel, key, params, body in funcs:
            self.function(rel, key, params, body)

    def expand(self, toks, depth=0):
        """object-like and function-like macros of the drivers expanded"""
        if depth > 8:
            return toks
        out = []
        i = 0
        changed = False
        keep = {'PAGE_SIZE', 'PAGE_SHIFT', 'PAGE_MASK', 'AMDGPU_GPU_PAGE_SIZE',
                'AMDGPU_GPU_PAGE_SHIFT', 'AMDGPU_GPU_PAGES_IN_CPU_PAGE', 'AMDGPU_GPU_PAGE_MASK',
                'AMDGPU_GPU_PAGE_ALIGN'}
        while i < len(toks):
            t = toks[i]
            m = self.macros.get(t.v) if t.k == 'id' and t.v not in keep else None
            if m and m[0] is None and m[1] and not any(x.v in ('{', ';', '#', 'do') for x in m[1]):
                out.append(Tok('op', '(', t.line))
                out.extend(Tok(x.k, x.v, t.line) for x in m[1])
                out.append(Tok('op', ')', t.line))
                changed = True
                i += 1
                continue
            out.append(t)
            i += 1
        return self.expand(out, depth + 1) if changed else out

    def function(self, rel, key, params, body):
        ctx = {'file': rel, 'fkey': key, 'locals': set(), 'params': set(), 'vtypes': {},
               'loc': (rel, 0), 'dropped': [], 'offsets': [], 'pagesized': [],
               'pagesize_vars': set(), 'whole': [], 'ver': {}, 'nver': 0}
        for nm, st in params:
            if nm:
                ctx['locals'].add(nm)
                ctx['params'].add(nm)
                if st:
                    ctx['vtypes'][nm] = st
        for stmt in statements(body):
            self.statement(stmt, ctx)
        # in-page offsets dropped, never used
        for loc, v in ctx['dropped']:
            if not any(o == v for _, o in ctx['offsets']):
                self.find(loc, 'offset-dropped', 'in-page offset of %s masked off in %s() and '
                          'not used' % (v, key.split(':')[-1]))
        for loc, v in ctx['offsets']:
            for wloc, w in ctx['whole']:
                if w == v:
                    self.find(loc, 'offset-twice', 'in-page offset of %s taken apart, and %s '
                              'used whole at line %d' % (v, v, wloc[1]))
                    break
        for loc, fn, sz in ctx['pagesized']:
            self.find(loc, 'gpu-pagesize', '%s() of PAGE_SIZE bytes (%s)' % (fn, sz))

    def statement(self, toks, ctx):
        if not toks:
            return
        ctx['loc'] = (ctx['file'], toks[0].line)
        self.nstmts += 1
        # declarations: type name [= expr], ...
        if is_decl(toks, self.types):
            parts = split_commas(toks)
            base = []
            for t in parts[0]:
                if t.v in ('=',):
                    break
                base.append(t)
            _, st = decl_name_type(base)
            for j, p in enumerate(parts):
                eq = next((k for k, t in enumerate(p) if t.v == '='), None)
                lhs = p if eq is None else p[:eq]
                nm, st2 = decl_name_type(lhs if j == 0 else base[:1] + lhs)
                if not nm:
                    continue
                ctx['locals'].add(nm)
                if st or st2:
                    ctx['vtypes'][nm] = st or st2
                if eq is not None:
                    self.expr_stmt([Tok('id', nm, p[0].line), Tok('op', '=', p[0].line)] +
                                   p[eq + 1:], ctx)
            return
        self.expr_stmt(toks, ctx)

    def expr_stmt(self, toks, ctx):
        toks = self.expand(toks)
        try:
            e = parse_expr(toks, self.types)
        except (ParseError, IndexError, AttributeError):
            self.nfailed += 1
            return
        self.scan_offsets(e, ctx)
        self.ev(e, ctx)

    def scan_offsets(self, e, ctx):
        """X & ~PAGE_MASK (or offset_in_page(X)), and X used whole in a sum"""
        if not isinstance(e, tuple):
            return
        if e[0] == 'assign' and e[1] == '=':
            r = e[3]
            r = strip(r)
            if r[0] == 'bin' and r[1] == '&' and self.is_page_mask(r[3]) and r[3][0] != 'id':
                ctx['offsets'].append((ctx['loc'], text(r[2])))
            if r[0] == 'call' and r[1][0] == 'id' and r[1][1] == 'offset_in_page' and \
                    len(r[2]) == 1:
                ctx['offsets'].append((ctx['loc'], text(r[2][0])))
        if e[0] == 'bin' and e[1] == '+':
            for side in (e[2], e[3]):
                if side[0] in ('member', 'id'):
                    ctx['whole'].append((ctx['loc'], text(side)))
        if e[0] == 'assign' and e[1] == '=' and page_const(e[3]) == 'P' and e[2][0] == 'id':
            ctx['pagesize_vars'].add(e[2][1])
        for x in e[1:]:
            if isinstance(x, tuple):
                self.scan_offsets(x, ctx)
            elif isinstance(x, list):
                for y in x:
                    self.scan_offsets(y, ctx)

    # ---- solving
    def solve(self):
        # units flow forward along copies; what a use needs flows back
        def close(seed, edges):
            # the (up to) 8 nearest origins of each slot, by hops, in rounds
            best = {k: {o: 0 for o in sorted(v)[:8]} for k, v in seed.items()}
            frontier = sorted(best)
            while frontier:
                changed = set()
                for x in frontier:
                    for y in sorted(edges.get(x, ())):
                        cur = best.setdefault(y, {})
                        for o, dist in best[x].items():
                            if o not in cur or cur[o] > dist + 1:
                                cur[o] = dist + 1
                                changed.add(y)
                        if len(cur) > 8:
                            keep = sorted(cur.items(), key=lambda kv: (kv[1], kv[0]))[:8]
                            best[y] = cur = dict(keep)
                frontier = sorted(changed)
            return best
        fwd = close(self.evid, self.flows)
        back = close(self.need, self.rflows)
        units = {}
        for d in (fwd, back):
            for k, v in d.items():
                cur = units.setdefault(k, {})
                for o, dist in v.items():
                    cur[o] = min(dist, cur.get(o, dist))
        self.units = units
        # one finding a conflict: for each slot that gets both units, its
        # nearest CPU and GPU origins; the pairs taken nearest first, one
        # dropped when either of its origins was reported already
        pairs = {}
        for s, us in units.items():
            pu = {u for u, _ in us}
            if CPU in pu and GPU in pu:
                c = min(us.items(), key=lambda kv: (kv[0][0] != CPU, kv[1], kv[0]))
                g = min(us.items(), key=lambda kv: (kv[0][0] != GPU, kv[1], kv[0]))
                rank = (c[1] + g[1], slot_rank(s))
                key = (c[0][1], g[0][1])
                if key not in pairs or rank < pairs[key][0]:
                    pairs[key] = (rank, s)
        used = set()
        for (c, g), (_, s) in sorted(pairs.items(), key=lambda x: (x[1][0], x[0])):
            if c in used or g in used:
                continue
            used.update((c, g))
            if True:
                loc = max(c[0], g[0])
                self.findings.append((loc[0], loc[1], 'mixed-unit', '%s is CPU pages (%s, %s:%d) '
                                      'and GPU pages (%s, %s:%d)' % (slot_name(s), c[1], c[0][0],
                                                                   c[0][1], g[1], g[0][0],
                                                                   g[0][1])))
        for loc, op, a, b, e in self.mixes:
            ua, ub = self.one_unit(a), self.one_unit(b)
            if ua in PAGES and ub in PAGES and ua != ub:
                self.find(loc, 'mixed-arith', '%s: %s is %s pages, %s is %s pages'
                          % (text(e), self.dname(a, e, 0), ua, self.dname(b, e, 1), ub))
        for loc, fn, i, d, u, at in self.args:
            du = self.one_unit(d)
            if du in PAGES and du != u:
                self.find(loc, 'wrong-arg', '%s argument %d (%s) is %s pages, the key is %s '
                          'pages' % (fn, i, at, du, u))

    def one_unit(self, d):
        if not d:
            return None
        if d[0] == 'u':
            return d[1]
        us = {u for u, _ in self.units.get(d[1], ())}
        pu = us & set(PAGES)
        return pu.pop() if len(pu) == 1 else None

    def dname(self, d, e, side):
        if d and d[0] == 's':
            return slot_name(d[1])
        return 'one side' if side == 0 else 'the other'


def slot_rank(s):
    """which slot names a conflict best: a field, a return value, ..."""
    return ('frdv'.index(s[0]), s)


def slot_name(s):
    k, rest = s.split(':', 1)
    if k == 'v':
        fn, var = rest.rsplit(':', 1)
        return '%s in %s()' % (var.split('#')[0], fn.split(':')[-1])
    if k == 'd':
        fn, var = rest.rsplit(':', 1)
        return '*%s of %s()' % (var, fn.split(':')[-1])
    if k == 'f':
        return 'field ' + rest
    if k == 'r':
        return 'what %s() returns' % rest.split(':')[-1]
    return s


def int_val(v):
    try:
        return int(v.rstrip('uUlL'), 0)
    except ValueError:
        return None


def is_decl(toks, types):
    if len(toks) < 2:
        return False
    t0 = toks[0]
    if t0.v in ('return', 'goto', 'break', 'continue', 'case', 'default'):
        return False
    if t0.v in ('struct', 'union', 'enum', 'const', 'static', 'unsigned', 'signed', 'volatile'):
        return True
    if is_type_tok(t0, types):
        return toks[1].k == 'id' or toks[1].v == '*' or (t0.v in TYPEWORDS and toks[1].v != '(')
    return False


def compound_literal(cur):
    """cur ends in the cast of a compound literal: (struct x) {"""
    o = match_back(cur, len(cur) - 1)
    return o is not None and o + 1 < len(cur) and cur[o + 1].v in ('struct', 'union')


def statements(body):
    """the expression statements and conditions of a function body"""
    out = []
    i, n = 0, len(body)
    cur = []
    while i < n:
        t = body[i]
        if t.v in ('if', 'while', 'switch') and not cur:
            if i + 1 < n and body[i + 1].v == '(':
                j = match(body, i + 1)
                out.append(body[i + 2:j])
                i = j + 1
                continue
        if t.v == 'for' and not cur and i + 1 < n and body[i + 1].v == '(':
            j = match(body, i + 1)
            out.extend(split_at(body[i + 2:j], ';'))
            i = j + 1
            continue
        if t.v in ('else', 'do') and not cur:
            i += 1
            continue
        if t.v == 'return' and not cur:
            i += 1
            cur = [Tok('id', '__return__', t.line), Tok('op', '=', t.line)]
            continue
        if t.v in ('case', 'default') and not cur:
            while i < n and body[i].v != ':':
                i += 1
            i += 1
            continue
        if t.k == 'id' and not cur and i + 1 < n and body[i + 1].v == ':' and t.v not in KEYWORDS:
            i += 2
            continue
        if t.v in ('{', '}'):
            if cur and t.v == '{' and (cur[-1].v == '=' or cur[-1].v == ')' and
                                       compound_literal(cur)):
                j = match(body, i)
                cur.extend(body[i:j + 1])
                i = j + 1
                continue
            if cur:
                out.append(cur)
            cur = []
            i += 1
            continue
        if t.v == ';':
            if cur:
                out.append(cur)
            cur = []
            i += 1
            continue
        if t.v == '(':
            j = match(body, i)
            cur.extend(body[i:j + 1])
            i = j + 1
            continue
        cur.append(t)
        i += 1
    if cur:
        out.append(cur)
    return out


def read_suppress(path):
    out = set()
    reason = False
    with open(path) as f:
        for n, ln in enumerate(f, 1):
            ln = ln.rstrip('\n')
            if ln.startswith('#'):
                reason = reason or len(ln) > 2
            elif ln.strip():
                if not reason:
                    raise SystemExit('pageunits: %s:%d: a suppressed finding needs its reason '
                                     'in a comment above it' % (path, n))
                out.add(ln)
                reason = False
            else:
                reason = False
    return out


def main():
    args = sys.argv[1:]
    table = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'pageunits.table')
    stats = False
    suppress = set()
    while args and args[0].startswith('--'):
        if args[0] == '--suppress':
            suppress = read_suppress(args[1])
            args = args[2:]
        elif args[0] == '--table':
            table = args[1]
            args = args[2:]
        elif args[0] == '--stats':
            stats = True
            args = args[1:]
        else:
            raise SystemExit(__doc__)
    if not args:
        raise SystemExit(__doc__)
    tree = args[0]
    dirs = args[1:] or ['drivers/gpu/drm/amd/amdgpu', 'drivers/gpu/drm/amd/amdkfd']
    files = []
    for d in dirs:
        for root, _, names in os.walk(os.path.join(tree, d)):
            for nm in sorted(names):
                if nm.endswith(('.c', '.h')) and '/tests' not in root[len(tree):]:
                    p = os.path.join(root, nm)
                    files.append((p, os.path.relpath(p, tree)))
    # the kernel headers whose structs the drivers' fields name
    for h in ('include/drm/ttm/ttm_resource.h', 'include/drm/ttm/ttm_bo.h',
              'include/drm/ttm/ttm_tt.h', 'include/drm/drm_mm.h', 'include/linux/mm_types.h'):
        if os.path.exists(os.path.join(tree, h)):
            files.append((os.path.join(tree, h), h))
    files.sort(key=lambda x: (not x[1].endswith('.h'), x[1]))
    t0 = time.time()
    a = Analysis(Table(table))
    a.read(files)
    a.solve()
    out, seen = [], set()
    for f in sorted(set(a.findings), key=lambda f: (f[0], f[1], f[2], f[3])):
        if f[2] != 'mixed-const' or (f[0], f[2], f[3]) not in seen:
            seen.add((f[0], f[2], f[3]))
            seen.add((f[0], f[1], f[2]))
            out.append(f)
    dropped = 0
    for f, line, rule, msg in out:
        if '%s: %s: %s' % (f, rule, msg) in suppress:
            dropped += 1
        elif not f.startswith('include/'):
            print('%s:%d: %s: %s' % (f, line, rule, msg))
    if stats:
        print('pageunits: %d files, %d functions, %d statements (%d not parsed), %d findings, '
              '%d suppressed, %.1f s' % (len(files), len(a.funcs), a.nstmts, a.nfailed,
                                         len(out) - dropped, dropped, time.time() - t0),
              file=sys.stderr)


if __name__ == '__main__':
    main()
