"""The examples of the documentation run and print what they say: every docstring of the mxlane
package (what help() shows) and the worked example of docs/python.md."""

import doctest

import mxlane
from conftest import SOURCE_DIR


def test_every_public_function_has_a_docstring_with_an_example():
    for name in mxlane.__all__:
        doc = getattr(mxlane, name).__doc__
        assert doc and len(doc) > 200, name
        assert name in ("eval_many", "catalog") or ">>> " in doc, name


def test_package_docstring_names_what_the_table_holds():
    for words in ("MFMA on gfx908", "SMFMAC on gfx942", "WMMA on gfx1100", "SWMMAC on gfx1200", "gfx950"):
        assert words in mxlane.__doc__, words
    assert "{coverage}" not in mxlane.__doc__
    for arch in ("gfx908", "gfx942", "gfx950", "gfx1100", "gfx1200"):
        assert arch in mxlane.mma.__doc__.split("inst:")[0], arch
    assert "{architectures}" not in mxlane.mma.__doc__


def test_docstring_examples():
    failures, tried = doctest.testmod(mxlane, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried >= 20 and failures == 0


def test_docs_python_md():
    failures, tried = doctest.testfile(str(SOURCE_DIR / "docs" / "python.md"), module_relative=False,
                                       optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried >= 10 and failures == 0
