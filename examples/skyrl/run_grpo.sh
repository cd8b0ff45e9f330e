#!/usr/bin/env bash
# GRPO on catalog tasks with SkyRL: every row's env_class is `envfactory`; its env_id/task_id columns reach
# the env as extras. Run from the repository root on a GPU node:
#   pip install -e '.[skyrl]' skyrl-train && bash examples/skyrl/run_grpo.sh
set -euo pipefail
DATA=${DATA:-data/envfactory_skyrl}
ENVS=${ENVS:-"EnvFactory/retail-v0 EnvFactory/banking-v0"}
mkdir -p "$DATA"
envfactory tasks export-rl --env $ENVS --format skyrl -o "$DATA/train.parquet"
envfactory tasks export-rl --env $ENVS --format skyrl --limit 8 -o "$DATA/validation.parquet"

python examples/skyrl/main_envfactory.py \
  data.train_data="['$DATA/train.parquet']" \
  data.val_data="['$DATA/validation.parquet']" \
  trainer.algorithm.advantage_estimator=grpo \
  trainer.policy.model.path=Qwen/Qwen3-4B \
  trainer.placement.colocate_all=true \
  trainer.strategy=fsdp2 \
  trainer.placement.policy_num_gpus_per_node=${GPUS:-8} \
  generator.num_inference_engines=${GPUS:-8} \
  generator.inference_engine_tensor_parallel_size=1 \
  trainer.train_batch_size=32 \
  trainer.policy_mini_batch_size=16 \
  trainer.micro_forward_batch_size_per_gpu=1 \
  trainer.micro_train_batch_size_per_gpu=1 \
  trainer.max_prompt_length=4096 \
  generator.max_input_length=16384 \
  generator.sampling_params.max_generate_length=1024 \
  generator.n_samples_per_prompt=8 \
  generator.max_turns=30 \
  generator.use_conversation_multi_turn=true \
  generator.batched=false \
  generator.backend=vllm \
  generator.run_engines_locally=true \
  generator.async_engine=true \
  environment.env_class=envfactory \
  environment.skyrl_gym.max_env_workers=16 \
  trainer.epochs=3 \
  trainer.logger=console \
  trainer.project_name=envfactory_gym \
  trainer.run_name=qwen3-4b-grpo "$@"
