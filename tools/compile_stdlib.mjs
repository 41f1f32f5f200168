// The engine's standard library: Pyodide's python_stdlib.zip with bytecode added for the modules
// that Python's start, PyScript's package and the engine import.
//
// Pyodide ships its standard library as source only, so every visit's browser compiled some
// 150 modules before it could run a line of the engine. This script runs the site's own Pyodide
// under Node (the very interpreter the browser runs, so the bytecode is for its Python), starts
// it, imports the engine's modules and the standard modules PyScript's package imports, and
// writes a copy of the archive in which each module that was imported from it has its compiled
// form beside its source: `name.pyc`, an unchecked hash-based .pyc (PEP 552), which zipimport
// loads without reading or compiling the source. Every entry of the original archive is kept
// as it was, so tracebacks still show source lines.
//
// Usage: node tools/compile_stdlib.mjs PYODIDE_DIR PYSCRIPT_STDLIB_JS ENGINE_DIR OUT_ZIP
// (tools/build_site.py runs it). Prints how many modules it compiled.

import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, pyscriptStdlib, engineDir, outZip] = process.argv.slice(2).map((p) => resolve(p));
if (!outZip) {
  console.error("usage: node tools/compile_stdlib.mjs PYODIDE_DIR PYSCRIPT_STDLIB_JS ENGINE_DIR OUT_ZIP");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const { default: pyscript } = await import(pathToFileURL(pyscriptStdlib).href);
// A fixed hash seed: the order of a set written into bytecode then does not change between
// builds, so the same sources give the same archive.
const python = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONHASHSEED: "0" } });

// The engine's package with its sub-packages (one per game), as it is on disk.
function copyPackage(from, to) {
  python.FS.mkdirTree(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__pycache__") {
      copyPackage(join(from, entry.name), `${to}/${entry.name}`);
    } else if (entry.name.endsWith(".py")) {
      python.FS.writeFile(`${to}/${entry.name}`, readFileSync(join(from, entry.name)));
    }
  }
}
copyPackage(engineDir, "/build/src/py_engine");
python.FS.mkdirTree("/build/pyscript");
for (const [name, text] of Object.entries(pyscript.pyscript)) {
  python.FS.writeFile(`/build/pyscript/${name}`, text);
}

const answer = python.runPython(`
import ast
import importlib
import importlib.util
import marshal
import pathlib
import sys
import zipfile

STDLIB = next(p for p in sys.path if p.startswith("/lib/python") and p.endswith(".zip"))

# The engine's modules (its command line, __main__, only runs as a program).
sys.path.insert(0, "/build/src")
for path in sorted(pathlib.Path("/build/src").glob("py_engine/**/*.py")):
    if path.stem != "__main__":
        parts = path.relative_to("/build/src").with_suffix("").parts
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))

# The standard modules PyScript's package imports (the package itself needs the browser).
for path in sorted(pathlib.Path("/build/pyscript").glob("*.py")):
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            try:
                importlib.import_module(name)
            except ImportError:  # js, polyscript, _pyscript and pyscript itself: not standard
                pass

used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(STDLIB + "/") and origin.endswith(".py"):
        used.add(origin[len(STDLIB) + 1:])

source = zipfile.ZipFile(STDLIB)
with zipfile.ZipFile("/build/out.zip", "w") as out:
    for info in source.infolist():
        data = source.read(info)
        out.writestr(info, data, compress_type=info.compress_type)
        if info.filename in used:
            code = compile(data, f"{STDLIB}/{info.filename}", "exec", dont_inherit=True)
            pyc = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
            pyc += importlib.util.source_hash(data) + marshal.dumps(code)
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.external_attr = info.external_attr
            out.writestr(entry, pyc, compress_type=zipfile.ZIP_DEFLATED)
f"{len(used)} {sys.version.split()[0]}"
`);
writeFileSync(outZip, python.FS.readFile("/build/out.zip"));
const [count, version] = answer.split(" ");
console.log(`compiled ${count} standard modules for Python ${version}`);
