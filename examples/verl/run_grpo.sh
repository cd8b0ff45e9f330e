#!/usr/bin/env bash
# GRPO on catalog tasks with verl (>= 0.6, async rollout): one envfactory-gym env per trajectory, the simulated
# user in the loop, the env's composite reward as reward_score. Run from the repository root on a GPU node:
#   pip install -e '.[verl]' && bash examples/verl/run_grpo.sh
set -euo pipefail
DATA=${DATA:-data/envfactory_verl}
ENVS=${ENVS:-"EnvFactory/retail-v0 EnvFactory/banking-v0"}
mkdir -p "$DATA"
envfactory tasks export-rl --env $ENVS --format verl -o "$DATA/train.parquet"
envfactory tasks export-rl --env $ENVS --format verl --limit 8 -o "$DATA/val.parquet"

python -m verl.trainer.main_ppo \
  algorithm.adv_estimator=grpo \
  data.train_files="$DATA/train.parquet" \
  data.val_files="$DATA/val.parquet" \
  data.return_raw_chat=True \
  data.train_batch_size=32 \
  data.max_prompt_length=4096 \
  data.max_response_length=8192 \
  actor_rollout_ref.model.path=Qwen/Qwen3-4B \
  actor_rollout_ref.actor.optim.lr=1e-6 \
  actor_rollout_ref.actor.ppo_mini_batch_size=16 \
  actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=1 \
  actor_rollout_ref.actor.use_kl_loss=True \
  actor_rollout_ref.rollout.name=vllm \
  actor_rollout_ref.rollout.mode=async \
  actor_rollout_ref.rollout.n=8 \
  actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu=1 \
  actor_rollout_ref.ref.log_prob_micro_batch_size_per_gpu=1 \
  actor_rollout_ref.rollout.agent.agent_loop_config_path=examples/verl/agent_loop.yaml \
  actor_rollout_ref.rollout.agent.default_agent_loop=envfactory_gym \
  trainer.n_gpus_per_node=${GPUS:-8} \
  trainer.nnodes=1 \
  trainer.total_epochs=3 \
  trainer.logger='["console"]' \
  trainer.project_name=envfactory_gym \
  trainer.experiment_name=qwen3-4b-grpo "$@"
