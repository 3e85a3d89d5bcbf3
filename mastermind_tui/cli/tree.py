"""``mastermind tree``: a deterministic strategy's whole decision tree, as indented text,
JSON for programs or DOT for Graphviz (no Textual)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from engine import CodeSpace, MastermindError, make_strategy
from engine.answers import CLASSIC
from engine.explain.decisions import answer_text as written
from engine.feedback import decode
from engine.notation import Notation
from engine.run import Run
from engine.strategies import Strategy
from engine.trees.levels import walk_any
from engine.trees.more_formats import challenge_code
from engine.trees.strategy_tree import Node, build_tree, is_cut
from engine.words import plural

from ..ending import ctrl_c_stops
from .backend import chosen_backend
from .commands import prepare
from .launch import build_settings
from .progress import ProgressBar

#: The biggest space whose whole tree is built (8 colours x 5 positions).
TREE_LIMIT = 32_768


def tree(args: argparse.Namespace) -> int:
    if args.check is not None:
        from .tree_check import check

        return check(args)
    if args.tree_format != "auto":
        raise MastermindError("--tree-format is the format of a --check FILE; add --check FILE")
    settings = build_settings(args)
    space, notation = settings.space, settings.notation
    strategy = make_strategy(settings.strategy)
    strategy.check(space)
    if not strategy.deterministic:
        raise MastermindError(
            f"the {strategy.name} strategy guesses at random, so it has no single decision tree; "
            "choose a deterministic strategy such as knuth"
        )
    if space.count > TREE_LIMIT:
        raise MastermindError(
            f"the tree of {space.count:,} codes is too big to print; "
            f"at most {TREE_LIMIT:,} (8 colours x 5 positions)"
        )
    if args.format == "challenge" and args.depth is not None:
        raise MastermindError("the challenge's grammar has no way to leave answers out: no --depth")
    backend = chosen_backend(args)
    prepare(space, strategy.name)
    root = build(space, strategy, args.depth, backend)
    depth = args.depth if args.depth is not None else root.height
    if args.format == "json":
        tree = as_json(root, space, notation, depth)
        if space.answers != CLASSIC:  # so that `tree --check` reads it by its rule
            tree = {"answers": space.answers.name, **tree}
        print(json.dumps(tree))
    elif args.format == "dot":
        print("\n".join(as_dot(root, space, notation, depth)))
    elif args.format == "challenge":
        print("".join(as_challenge(root, space)))
    else:
        name = strategy.name
        reach = f"at most {plural(root.height, 'guess', 'guesses')}"
        if is_cut(root):
            levels = "level" if depth == 1 else f"{depth:,} levels"
            reach = f"its first {levels} (the rest not worked out)"
        print(f"{name} on {space.rules_text()}: {space.count:,} codes, {reach}")
        print("\n".join(as_text(root, space, notation, depth)))
    return 0


def build(
    space: CodeSpace, strategy: Strategy, depth: int | None = None, backend: str | None = None
) -> Node:
    """The tree (its first ``depth`` levels alone when given: the work stops there too),
    with a progress bar and the time left on a terminal past a second; Ctrl+C asks the
    walk to stop (``ctrl_c_stops``), which ends it within about a second. The compiled
    kernel weighs the guesses where it reaches (8x5 and the like), as ``stats`` does, and
    every guess is weighed wherever the strategy can (no pair budget: ``stats`` too)."""
    whole = strategy if strategy.sampled(space) else strategy.exactly()
    bar = ProgressBar("of the tree")
    try:
        with ctrl_c_stops() as stop:
            compiled = whole.compiled(space, backend)
            if depth is None and hasattr(getattr(compiled, "_kernel", None), "many"):
                # A kernel that weighs many positions at once (the GPU's): a level a launch.
                root = walk_any(space, compiled, keep=True, run=Run(bar, stop)).root
                assert root is not None  # a space is never empty
                return root
            return build_tree(space, compiled, Run(bar, stop), depth)
    finally:
        bar.close()


def answer_text(cls: int, space: CodeSpace) -> str:
    """``2,1`` (``2`` with black pegs only): answers are written one way everywhere
    (``engine.explain.decisions.answer_text``)."""
    return written(decode(cls, space))


def _codes(n: int) -> str:
    return f"{n:,} code{'s' * (n != 1)}"


def as_text(
    node: Node, space: CodeSpace, notation: Notation, depth: int, level: int = 0, via: str = ""
) -> Iterator[str]:
    """One node per line: the guess and the codes possible there; below it, indented, the
    node each answer leads to."""
    guess = notation.format(space, node.guess)
    what = "found" if node.candidates == 1 else _codes(node.candidates)
    yield f"{'  ' * level}{via}{guess}  ({what})"
    if level + 1 < depth:
        for cls, child in sorted(node.children.items()):
            yield from as_text(
                child, space, notation, depth, level + 1, f"{answer_text(cls, space)} -> "
            )
    elif node.children or node.below:
        below = len(node.children) or node.below
        yield f"{'  ' * (level + 1)}... {plural(below, 'answer')} below"


def as_json(node: Node, space: CodeSpace, notation: Notation, depth: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "guess": notation.format(space, node.guess),
        "codes": node.candidates,
        "height": node.height,
    }
    if node.below:  # a depth cut: how many answers, none worked out
        out["answers_below"] = node.below
        del out["height"]
    if depth > 1 and node.children:
        out["children"] = [
            {
                "black": decode(cls, space).black,
                "white": decode(cls, space).white,
                "node": as_json(child, space, notation, depth - 1),
            }
            for cls, child in sorted(node.children.items())
        ]
    return out


def as_dot(node: Node, space: CodeSpace, notation: Notation, depth: int) -> list[str]:
    """A Graphviz digraph: a box per node (guess and codes), an edge per answer."""
    lines = ["digraph mastermind {", "  node [shape=box, fontname=monospace];"]

    def emit(n: Node, level: int) -> str:
        me = f"n{len(lines)}"
        lines.append(
            f'  {me} [label="{notation.format(space, n.guess)}\\n{_codes(n.candidates)}"];'
        )
        if level < depth:
            for cls, child in sorted(n.children.items()):
                below = emit(child, level + 1)
                lines.append(f'  {me} -> {below} [label="{answer_text(cls, space)}"];')
        return me

    emit(node, 1)
    lines.append("}")
    return lines


def as_challenge(node: Node, space: CodeSpace) -> Iterator[str]:
    """The tree in the 2014 Code Golf challenge's grammar (``engine.trees.more_formats``), in
    pieces to join: ``{AABB:{30:{...},...}}``, a leaf its code alone."""
    guess = challenge_code(space, node.guess)
    if not node.children:
        yield guess
        return
    yield "{" + guess + ":{"
    for i, (cls, child) in enumerate(sorted(node.children.items(), reverse=True)):
        answer = decode(cls, space)
        yield f"{',' if i else ''}{answer.black}{answer.white}:"
        yield from as_challenge(child, space)
    yield "}}"
