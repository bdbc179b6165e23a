#!/usr/bin/env python3
"""Writes bindings/csharp/Runtime/Waymark.cs from include/waymark.h: a DllImport for
every WM_API function, a sequential struct for every struct with a body, a constant for
every numeric macro, each with the header's own comment as its documentation. The
header is the one source: after changing it, run this (scripts/test-csharp fails while
Waymark.cs is out of date, and its ABI test checks the result against the C compiler's
layout, independently of this script).

Usage: generate_bindings.py [--check]   (--check: exit 1 if Waymark.cs differs)

Mapping: functions and constants keep their C names; structs and fields become
PascalCase (wm_navigator_config -> NavigatorConfig, lat_deg -> LatDeg), wm_frame is
FrameStorage; handles (pointers to opaque structs) are IntPtr, size_t UIntPtr, the
int32_t typedefs (wm_status, wm_axes, ...) int, const char * parameters string (return
values IntPtr), a char * buffer byte *. A function-like macro (WM_AXES_CUSTOM) becomes a
static method written here; constants defined through it are folded. What the header
declares only under WAYMARK_EXPERIMENTAL is bound too (the library exports it), its
documentation starting with EXPERIMENTAL_NOTE.
"""
import html
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
HEADER = os.path.join(ROOT, "include", "waymark.h")
OUTPUT = os.path.join(ROOT, "bindings", "csharp", "Runtime", "Waymark.cs")

SCALAR = {"int32_t": "int", "uint32_t": "uint", "uint64_t": "ulong", "int64_t": "long", "double": "double",
          "float": "float", "size_t": "UIntPtr", "void": "void", "char": "byte",
          "wm_status": "int", "wm_axes": "int", "wm_baseline": "int", "wm_region_kind": "int", "wm_track_format": "int",
          "wm_page_format": "int"}
# Comments that do not stand right above their declaration in the header.
STRUCT_DOCS = {
    "wm_frame": "A scene frame's storage (wm_frame, WM_FRAME_SIZE bytes, opaque): caller-allocated, only "
                "numbers, so copying it is fine. Initialise with wm_frame_init*; Frame wraps one.",
    "wm_region": "Where China's datum offsets apply (wm_region): Kind is WM_REGION_*; for WM_REGION_POLYGON, "
                 "Polygon points at PolygonCount vertices (3 .. 2^20, height ignored), copied once per call.",
}
EXPERIMENTAL_NOTE = ("Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor "
                     "version before 1.0.")
# Function-like macros of the header that C# gets as static methods: their docs here,
# their parameters and bodies read from the header (header_macro), so the packing is
# written once, in waymark.h.
MACRO_DOCS = {
    "WM_AXES_CUSTOM": """        /// <summary>
        /// WM_AXES_CUSTOM (waymark.h): a convention of your own. x, y, z: the direction each scene
        /// axis points along (WM_DIR_*; east-or-west, north-or-south and up-or-down once each);
        /// forward: the model's forward axis (WM_FORWARD_*, a horizontal one); unit: the unit of
        /// scene lengths (WM_UNIT_*). The library checks the value wherever axes are taken
        /// (INVALID_VALUE); wm_axes_describe reports its handedness and scale.
        /// </summary>
""",
}


def header_macro(header, name):
    """(parameters, body) of the function-like macro `name`, the body as a C# expression:
    line continuations joined, casts to the header's typedefs dropped."""
    m = re.search(rf"^[ \t]*#[ \t]*define[ \t]+{name}\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", header, flags=re.M)
    if not m:
        raise SystemExit(f"generate_bindings: waymark.h has no macro {name}")
    params = [p.strip() for p in m.group(1).split(",")]
    body = re.sub(r"\\\n", " ", m.group(2))
    body = re.sub(r"/\*.*?\*/", " ", body)
    body = re.sub(r"\(wm_\w+\)", "", body)
    return params, " ".join(body.split())


def expand_macro(header, name, args):
    """The macro's body with `args` for its parameters (a constant's value)."""
    params, body = header_macro(header, name)
    for p, a in zip(params, args):
        body = re.sub(rf"\b{p}\b", a, body)
    return body


def macro_function(header, name):
    params, body = header_macro(header, name)
    return (MACRO_DOCS[name] + f"        public static int {name}({', '.join('int ' + p for p in params)})\n"
            + "        {\n" + f"            return {body};\n" + "        }\n")


HEAD = '''// Generated from include/waymark.h by bindings/csharp/Tests~/generate_bindings.py: do not
// edit; change the header (its comments are these docs) and run the script.
//
// Waymark's C ABI for C#: every WM_API function as a DllImport, every struct with its
// layout pinned, every numeric macro as a constant, under the C names (functions,
// constants) and PascalCase types and fields (wm_navigator_config -> NavigatorConfig,
// lat_deg -> LatDeg; wm_frame -> FrameStorage). Handles (wm_navigator *, wm_transform *,
// ...) are IntPtr; size_t is UIntPtr; pointers are pointers, so strides stay in bytes as
// in C and a NativeArray's or a Span's memory can be passed without a copy. The checked,
// exception-throwing layer is in Frame.cs, Navigator.cs, Types.cs and WaymarkException.cs.
// bindings/csharp/Tests~ checks this file against the header: sizes and offsets of every
// struct (from the C compiler), every function's presence, parameter count and parameter
// sizes, every constant's value.
using System;
using System.Runtime.InteropServices;

namespace Waymark
{
    /// <summary>
    /// The C functions and constants of waymark.h, one to one. Every function that can fail
    /// returns a wm_status (0 = WM_OK); see waymark.h for each one's units, ranges and errors.
    /// The library is "waymark" (libwaymark.so, libwaymark.dylib, waymark.dll); on iOS it is
    /// linked into the app and found through "__Internal".
    /// </summary>
    public static unsafe class NativeMethods
    {
#if UNITY_IOS && !UNITY_EDITOR
        /// <summary>The library DllImport names: linked statically into the iOS app.</summary>
        public const string Library = "__Internal";
#else
        /// <summary>The library DllImport names: libwaymark.so / libwaymark.dylib / waymark.dll.</summary>
        public const string Library = "waymark";
#endif

'''


def pascal(name):
    return "".join(part[:1].upper() + part[1:] for part in name.strip("_").split("_"))


def struct_name(c_name):
    return "FrameStorage" if c_name == "wm_frame" else pascal(c_name[3:])


def doc(comment, indent):
    """A C comment as an XML <summary>, wrapped at about 100 columns."""
    lines = [line.strip().lstrip("*").strip() for line in comment.strip()[2:-2].split("\n")]
    text = html.escape(" ".join(line for line in lines if line), quote=False)
    out, line = [], ""
    for word in text.split():
        if line and len(line) + len(word) + 1 > 92:
            out.append(line)
            line = word
        else:
            line = (line + " " + word).strip()
    out.append(line)
    return f"{indent}/// <summary>\n" + "".join(f"{indent}/// {l}\n" for l in out) + f"{indent}/// </summary>\n"


def experimental(comment):
    """A declaration's C comment with EXPERIMENTAL_NOTE in front."""
    return "/* " + EXPERIMENTAL_NOTE + " " + comment.strip()[2:]


def generate(header):
    opaque = set(re.findall(r"typedef\s+struct\s+(wm_\w+)\s+\1\s*;", header))
    # Where the experimental section is: declarations that start inside it are marked.
    sections = [(m.start(), m.end()) for m in
                re.finditer(r"^#ifdef WAYMARK_EXPERIMENTAL\b.*?^#endif /\* WAYMARK_EXPERIMENTAL \*/", header, flags=re.M | re.S)]

    def is_experimental(position):
        return any(start <= position < end for start, end in sections)

    def cs_type(ctype, pointers, name, is_return=False):
        ctype = ctype.replace("const", "").strip()
        if ctype == "char" and pointers == 1:
            # Text with a length (a file's bytes, NULs and all), output messages and pages are bytes.
            return "IntPtr" if is_return else ("byte*" if name in ("message", "text", "page") else "string")
        if ctype in opaque:
            return "IntPtr" + "*" * (pointers - 1)
        return (SCALAR.get(ctype) or struct_name(ctype)) + "*" * pointers

    constants = []
    for m in re.finditer(r"^\s*#\s*define\s+((?:WM|WAYMARK)_\w+)[ \t]+([^\n]+)$", header, flags=re.M):
        name, value = m.group(1), re.sub(r"/\*.*", "", m.group(2)).strip()
        if name == "WM_API" or value.startswith('"') or value.startswith("__"):
            continue
        if value == "\\":   # WAYMARK_VERSION_NUMBER, continued on the next line
            value = "(WAYMARK_VERSION_MAJOR * 10000 + WAYMARK_VERSION_MINOR * 100 + WAYMARK_VERSION_PATCH)"
        call = re.match(r"(WM_\w+)\((.*)\)$", value)
        note = ""
        following = re.match(r"\n[ \t]+/\*", header[m.end():])
        if "/*" in m.group(2):   # the macro's own comment, which may run on to later lines
            start = m.start(2) + m.group(2).index("/*")
            note = header[start + 2:header.index("*/", start)]
        elif following:          # or stands indented on the next line
            start = m.end() + following.end() - 2
            note = header[start + 2:header.index("*/", start)]
        if call and call.group(1) in MACRO_DOCS:
            note = f"{call.group(1)}({call.group(2)}). {note}"
        summary = doc(f"/* {name} (waymark.h){': ' + ' '.join(note.split()) if note.strip() else '.'} */", "        ")
        if call and call.group(1) in MACRO_DOCS:
            value = expand_macro(header, call.group(1), [a.strip() for a in call.group(2).split(",")])
        value = re.sub(r"\b(\d+)u\b", r"\1", value)
        kind = "uint" if m.group(2).strip().endswith("u") or re.search(r"\d+u\b", m.group(2)) else "int"
        if re.fullmatch(r"[-+]?\d+(\.\d*)?[eE][-+]?\d+|[-+]?\d+\.\d*", value):   # a double (WM_VIEWPORT_MAX)
            kind = "double"
        constants.append(f"{summary}        public const {kind} {name} = {value};\n")

    functions = []
    for m in re.finditer(r"((?:/\*(?:(?!\*/).)*\*/\s*)?)WM_API\s+([^;(]*?)\b(wm_\w+)\s*\(([^)]*)\)\s*;", header, flags=re.S):
        comment, ret, name, params = m.group(1).strip(), m.group(2).strip(), m.group(3), m.group(4).strip()
        if comment and is_experimental(m.start()):
            comment = experimental(comment)
        returns = cs_type(ret.replace("*", "").strip(), ret.count("*"), "", is_return=True)
        parameters = []
        if params not in ("", "void"):
            for p in params.split(","):
                pm = re.match(r"(.*?)([*\s]+)(\w+)$", " ".join(p.split()))
                pname = pm.group(3)
                cs = cs_type(pm.group(1), pm.group(2).count("*"), pname)
                if pname in ("in", "out", "ref", "params", "base", "object", "string", "fixed", "checked", "lock"):
                    pname = "@" + pname
                parameters.append(f"{cs} {pname}")
        summary = doc(comment, "        ") if comment else \
            f"        /// <summary>See {name} in waymark.h (documented with the declaration above it).</summary>\n"
        functions.append(summary + f'        [DllImport(Library, EntryPoint = "{name}", CallingConvention = CallingConvention.Cdecl)]\n'
                         f"        public static extern {returns} {name}({', '.join(parameters)});\n")

    structs = []
    for m in re.finditer(r"((?:/\*(?:(?!\*/).)*\*/[ \t]*\n\s*)?)typedef\s+struct\s+(wm_\w+)\s*\{(.*?)\}\s*\2\s*;", header, flags=re.S):
        comment, c_name, body = m.group(1).strip(), m.group(2), m.group(3)
        if comment.startswith("/*") and is_experimental(m.start()):
            comment = experimental(comment)
        fields = []
        for fm in re.finditer(r"([^;]*?);([ \t]*/\*(?:(?!\*/).)*\*/)?", body, flags=re.S):
            decl = re.sub(r"/\*.*?\*/", " ", fm.group(1), flags=re.S).strip()
            field_comment = (fm.group(2) or "").strip()
            if not decl:
                continue
            parts = [x.strip() for x in decl.split(",")]
            tm = re.match(r"(.*?)([*\s]+)(\w+)\s*(\[[^\]]*\])?$", parts[0])
            ctype, pointers = tm.group(1).strip(), tm.group(2).count("*")
            names = [(tm.group(3), tm.group(4))] + [(re.match(r"\**(\w+)", x).group(1), None) for x in parts[1:]]
            for fname, array in names:
                cs = cs_type(ctype, pointers, "")
                fdoc = doc(field_comment, "        ") if field_comment else f"        /// <summary>{c_name}.{fname} (waymark.h).</summary>\n"
                if array:
                    inner = array[1:-1].strip()
                    length = "64" if inner == "WM_FRAME_SIZE / 8" else str(int(inner))
                    fields.append(fdoc + f"        public fixed {cs} {pascal(fname)}[{length}];\n")
                else:
                    fields.append(fdoc + f"        public {cs} {pascal(fname)};\n")
        if c_name in STRUCT_DOCS:
            summary = doc("/* " + STRUCT_DOCS[c_name] + " */", "    ")
        elif comment and comment.startswith("/*"):
            summary = doc(comment, "    ")
        else:
            summary = f"    /// <summary>{c_name} (waymark.h).</summary>\n"
        structs.append(summary + f"    [StructLayout(LayoutKind.Sequential)]\n    public unsafe partial struct {struct_name(c_name)}\n    {{\n"
                       + "".join(fields) + "    }\n")

    macro_functions = "".join(macro_function(header, n) + "\n" for n in MACRO_DOCS if re.search(rf"#\s*define\s+{n}\(", header))
    return (HEAD + "".join(constants) + "\n" + macro_functions + "\n".join(functions) + "    }\n\n"
            + "\n".join(structs) + "}\n")


def main():
    text = generate(open(HEADER).read())
    if sys.argv[1:] == ["--check"]:
        if open(OUTPUT).read() != text:
            print("bindings/csharp/Runtime/Waymark.cs is out of date with include/waymark.h: run "
                  "bindings/csharp/Tests~/generate_bindings.py", file=sys.stderr)
            sys.exit(1)
        return
    open(OUTPUT, "w").write(text)


main()
