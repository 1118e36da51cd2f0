# make play  — build WEC into a virtual environment (what playing needs) and start the game
# make test  — build WEC with its test tools and run the test suite
# make test-long — the minutes-long checks (marker `long`) that `make test` and CI leave out
# make docs  — build the API reference from the docstrings into docs/_build (open index.html)
# make wheel — the sdist and the binary wheel of this machine into dist/ (docs/PACKAGING.md)
# make bundle — the packaged app, dist/wec/ (PyInstaller): dist/wec/wec opens it, and runs the
#              command line too (dist/wec/wec perft 3)
# make dist  — the packaged app as dist/wec-VERSION-SYSTEM-MACHINE.tar.gz, with its desktop
#              entry, icon and INSTALL.txt
# Each pip build takes about a minute; a stamp file in the venv records which one is current, so
# a build runs again only when pyproject.toml, setup.py or a .pyx/.pxd file changed.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
ARGS   ?=
BUILD_INPUTS := pyproject.toml setup.py $(wildcard wec/_core/*.pyx wec/_core/*.pxd)
GUI_STAMP    := $(VENV)/.built-gui
TEST_STAMP   := $(VENV)/.built-test
BUNDLE_STAMP := $(VENV)/.built-bundle

.PHONY: play test test-debug test-long test-packaging bench docs install wheel bundle dist clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Playing needs the core, numpy, tqdm and PySide6 (the extra `gui`), not the test tools.
$(GUI_STAMP): $(BUILD_INPUTS) | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[gui]'
	touch $@

# The test extra holds the gui one, so a test build is also a play build.
$(TEST_STAMP): $(BUILD_INPUTS) | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,openspiel,rl,cluster,docs,online,bundle]'
	touch $@ $(GUI_STAMP) $(BUNDLE_STAMP)

install: $(TEST_STAMP)

play: $(GUI_STAMP)
	$(BIN)/wec play $(ARGS)

# The tests that time the wall clock run alone, after the rest (two pytest workers, or any
# other load, would make them measure the machine, not the program); one that fails is measured
# once more (--last-failed), and that second measurement decides. Tests marked `long` (minutes
# each) are `make test-long`.
test: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -m "not timing and not long" $(ARGS)
	$(BIN)/python -m pytest -q -m timing || $(BIN)/python -m pytest -q -m timing --last-failed

# The minutes-long checks, kept out of `make test` and CI (about 15 minutes on one core): the
# whole tactics suite re-proved exhaustively, 80-turn OpenSpiel games checked at every step, 200
# random games with their copies compared at every step, a whole standard game by clicks. Run
# them before a release or after changing what they check (ARGS="-n 2": on both cores).
test-long: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -m long $(ARGS)

# The core built with Cython's checks on (bounds, wraparound, None, C division off, and the
# consistency checker after every action) — WEC_DEBUG=1 — against the fast tests of the folders
# that drive the core (DEBUG_TESTS: every core module is reached from them, the codec by
# tests/openspiel, the planes by tests/rl, the bench by tests/tools). The app, online, command
# line and packaging tests, the docs, the layers, mypy and the match workers' plumbing (Ray,
# process pools: tests/tools/test_cluster, test_match, test_pool_ctrl_c) test Python over the
# facade those folders already drive through the checked core: they run once, in `make test`.
# The release build is put back afterwards (and stamped: `make test` then builds nothing).
DEBUG_TESTS := tests/core tests/game tests/rules tests/ai tests/files tests/openspiel tests/rl \
	tests/tools --ignore=tests/tools/test_cluster.py --ignore=tests/tools/test_match.py \
	--ignore=tests/tools/test_pool_ctrl_c.py
test-debug: | $(BIN)/python
	rm -f $(GUI_STAMP) $(TEST_STAMP)
	WEC_DEBUG=1 $(BIN)/python -m pip install -q -e '.[test,openspiel,rl,cluster,docs,online,bundle]'
	$(BIN)/python -m pytest -q -m "not slow and not timing" $(DEBUG_TESTS) $(ARGS)
	$(MAKE) $(TEST_STAMP)

# The API reference (Sphinx autodoc over the whole package; docs/api/conf.py). A warning fails the
# build, as in tests/test_docs.py.
docs: $(TEST_STAMP)
	$(BIN)/python -m sphinx -b html -W --keep-going -q docs/api docs/_build

# The packaging tools (the extra `bundle`) over a play build.
$(BUNDLE_STAMP): $(BUILD_INPUTS) | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[gui,bundle]'
	touch $@ $(GUI_STAMP)

wheel: $(BUNDLE_STAMP)
	$(BIN)/python -m build --outdir dist .

bundle: $(BUNDLE_STAMP)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/wec.spec

dist: bundle
	$(BIN)/python packaging/pack.py dist/wec

# The wheel and the packaged app, each built and tried as a user would (minutes each).
test-packaging: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -m "wheel or bundle" tests/packaging $(ARGS)

bench: $(TEST_STAMP)
	$(BIN)/python -m pytest bench -q --benchmark-columns=min,mean,ops,rounds

clean:
	rm -rf build dist $(VENV) wec/_core/*.so wec/_core/*.c *.egg-info docs/_build docs/api/generated
