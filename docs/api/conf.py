"""Sphinx configuration of the API reference (`make docs`; tests/test_docs.py builds it too).

Every page is generated from the docstrings: index.rst names the root package `wec` only and the
template in _templates recurses into its subpackages, so a module that moves or splits needs no
edit here. The compiled core (`wec._core`) is private and left out, as autosummary leaves out every
`_name`.
"""
import builtins
import os
import sys
from pathlib import Path

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.transforms.post_transforms import SphinxPostTransform

# The checkout the reference documents: WEC_ROOT when these sources were copied elsewhere (the
# test builds a copy), else the folder two levels up.
ROOT = Path(os.environ.get("WEC_ROOT") or Path(__file__).resolve().parents[2])
sys.path.insert(0, str(ROOT))

project = "WEC — Weapon Chess"
author = "the WEC developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.autosummary"]
templates_path = ["_templates"]
exclude_patterns = ["_build"]
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
# The docstrings are prose that marks code with single backticks: show it as code.
default_role = "code"
html_theme = "alabaster"
html_title = project


class BuiltinsAsText(SphinxPostTransform):
    """A builtin named in an annotation (`type[WecError]`) is looked up among the project's names,
    where Sphinx finds attributes that happen to share it (`PieceInfo.type`) and links the wrong
    one. The builtins are not part of this reference: they stay plain text."""

    default_priority = 5  # before the references are resolved (priority 10)

    def run(self, **kwargs: object) -> None:
        for node in list(self.document.findall(pending_xref)):
            target = node.get("reftarget", "")
            if node.get("refdomain") == "py" and hasattr(builtins, target):
                node.replace_self(node.children or [nodes.Text(target)])


def setup(app):  # Sphinx's extension hook
    app.add_post_transform(BuiltinsAsText)
