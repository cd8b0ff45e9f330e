"""LoRA policy training on the environments (SFT, GRPO), a TRL environment adapter and SB3 wrappers."""
