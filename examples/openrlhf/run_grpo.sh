#!/usr/bin/env bash
# GRPO-style training on catalog tasks with OpenRLHF (0.11 flag names): the agent file runs one
# envfactory-gym env per sample; rows carry their env and task in `label`. Run from the repository root:
#   pip install -e '.[openrlhf]' && bash examples/openrlhf/run_grpo.sh
set -euo pipefail
DATA=${DATA:-data/envfactory_openrlhf}
ENVS=${ENVS:-"EnvFactory/retail-v0 EnvFactory/banking-v0"}
mkdir -p "$DATA"
envfactory tasks export-rl --env $ENVS --format openrlhf -o "$DATA/train.jsonl"
ray start --head --num-gpus ${GPUS:-8} || true

ray job submit --address="http://127.0.0.1:8265" --runtime-env-json="{\"working_dir\": \"$PWD\"}" -- \
  python -m openrlhf.cli.train_ppo_ray \
  --actor.model_name_or_path Qwen/Qwen3-4B \
  --actor.num_nodes 1 --actor.num_gpus_per_node ${GPUS:-8} \
  --ref.num_nodes 1 --ref.num_gpus_per_node ${GPUS:-8} \
  --vllm.num_engines ${GPUS:-8} --vllm.tensor_parallel_size 1 --vllm.gpu_memory_utilization 0.6 \
  --train.colocate_all \
  --train.agent_func_path examples/openrlhf/agent_func.py \
  --data.prompt_dataset "$DATA/train.jsonl" \
  --data.input_key prompt --data.label_key label --data.apply_chat_template \
  --data.max_len 16384 --rollout.max_new_tokens 1024 \
  --rollout.n_samples_per_prompt 8 --rollout.batch_size 32 --train.batch_size 256 \
  --algo.advantage.estimator group_norm \
  --actor.adam.lr 1e-6 --algo.kl.init_coef 0.001 --algo.kl.use_loss \
  --ds.zero_stage 3 --ds.param_dtype bf16 --actor.gradient_checkpointing_enable \
  --ckpt.output_dir checkpoints/qwen3-4b-envfactory "$@"
