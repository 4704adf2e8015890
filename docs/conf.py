"""Sphinx configuration of the dominosa-lab API reference (``make docs``)."""

import ast
import inspect
import pkgutil
import sys
from functools import partial
from importlib.metadata import packages_distributions
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from names import Field, resolve  # noqa: E402

import dominosa_lab  # noqa: E402

project = "dominosa-lab"
author = "dominosa-lab developers"
copyright = "dominosa-lab developers"

extensions = ["sphinx.ext.autodoc", "numpydoc"]

exclude_patterns = ["*.md"]
root_doc = "index"

autodoc_typehints = "none"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}

numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# Every reference inside the package must resolve. References to the standard library and
# to third-party packages would need intersphinx, which needs the network at build time:
# they stay plain text.
nitpicky = True
EXTERNAL = sorted((set(sys.stdlib_module_names) | set(packages_distributions())) - {"dominosa_lab"})
nitpick_ignore_regex = [
    ("py:.*", rf"({'|'.join(EXTERNAL)})(\..*)?"),
    ("py:.*", r"(.*\.)?_[a-z]\w*"),  # private names have no page; they stay text
]

html_theme = "alabaster"


def _documented_name(domain, obj, name):
    """The name under which ``obj`` is documented (a field: its own entry, else its class)."""
    if isinstance(obj, Field):
        owner = _documented_name(domain, obj.owner, obj.owner.__name__)
        attribute = f"{owner}.{obj.name}"
        return attribute if attribute in domain.objects else owner
    target = getattr(obj, "fget", obj)
    module, qualname = getattr(target, "__module__", None), getattr(target, "__qualname__", None)
    if inspect.ismodule(obj):
        module, qualname = obj.__name__, None
    full = ".".join(part for part in (module, qualname) if part)
    if full in domain.objects:
        return full
    last = name.rsplit(".", 1)[-1]
    same = [key for key in domain.objects if key.rsplit(".", 1)[-1] == last]
    return next((key for key in same if _is(key, obj)), None)


def _is(key, obj):
    """Whether the documented name ``key`` denotes ``obj`` itself."""
    try:
        return resolve(key) is obj
    except LookupError:
        return False


def resolve_in_namespace(app, env, node, contnode):
    """Resolve a short Python reference the way Python would in the module that writes it."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    try:
        obj = resolve(target, node.get("py:module"), node.get("py:class"))
    except (LookupError, ImportError):
        return None
    domain = env.get_domain("py")
    full = _documented_name(domain, obj, target)
    if full is None:
        return None
    return domain.resolve_xref(env, node["refdoc"], app.builder, "obj", full, node, contnode)


def module_names():
    """Every public module of the package, the package itself first."""
    walked = pkgutil.walk_packages(dominosa_lab.__path__, "dominosa_lab.")
    public = [m.name for m in walked if not any(p.startswith("_") for p in m.name.split("."))]
    return ["dominosa_lab", *sorted(public)]


def defined_in(package):
    """The public names a package's ``__init__`` defines itself (not those it imports)."""
    tree = ast.parse(Path(package.__file__).read_text())
    names = [node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)]
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        targets += [node.target] if isinstance(node, ast.AnnAssign) else []
        names += [target.id for target in targets if isinstance(target, ast.Name)]
    return [name for name in names if not name.startswith("_")]


def module_page(name, names):
    """The reStructuredText of one module's page; a package's lists its modules and names."""
    title = name.replace("_", r"\_")
    lines = [title, "=" * len(title), "", f".. automodule:: {name}"]
    children = [n for n in names if n.rpartition(".")[0] == name]
    if not children:
        return "\n".join(lines) + "\n"
    own = defined_in(sys.modules[name])
    lines += [f"   :members: {', '.join(own)}" if own else "   :no-members:"]
    lines += ["", ".. toctree::", "   :maxdepth: 1", ""]
    lines += [f"   {child}" for child in children]
    exported = getattr(sys.modules[name], "__all__", [])
    if exported:
        lines += ["", ".. rubric:: Names it exports", ""]
        lines += [f"- :obj:`{item}`" for item in exported]
    return "\n".join(lines) + "\n"


def write_api_pages(app):
    """Write one page per module into ``api/``, so that a moved module needs no doc edit.

    autosummary's ``:recursive:`` cannot do this here: it resolves ``pkg.mod`` by
    ``getattr(pkg, "mod")`` first, and packages such as ``dominosa_lab.logic`` export a
    function named like its module (``grade``, ``geometry``), which would be documented
    in the module's place.
    """
    pages = HERE / "api"
    pages.mkdir(exist_ok=True)
    names = module_names()
    for name in names:
        page, text = pages / f"{name}.rst", module_page(name, names)
        if not page.exists() or page.read_text() != text:
            page.write_text(text)
    for stale in set(pages.glob("*.rst")) - {pages / f"{name}.rst" for name in names}:
        stale.unlink()


def callables_only(numpydoc_signature, app, what, *args):
    """numpydoc's signature hook, kept to what is called.

    For module data (a type alias such as ``tuple[int, int]`` is callable) it would
    return a signature, which autodoc cannot attach to data: it warns instead.
    """
    return None if what == "data" else numpydoc_signature(app, what, *args)


def setup(app):
    """Generate the module pages and register the namespace resolver of short references."""
    app.connect("builder-inited", write_api_pages)
    hooks = app.events.listeners["autodoc-process-signature"]
    for hook in [hook for hook in hooks if hook.handler.__module__.startswith("numpydoc")]:
        app.disconnect(hook.id)
        app.connect("autodoc-process-signature", partial(callables_only, hook.handler))
    app.connect("missing-reference", resolve_in_namespace)
