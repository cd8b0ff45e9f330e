"""SkyRL entry point: registers envfactory-gym's ``BaseTextEnv`` (``env_class: envfactory``), then trains.

Launched by ``examples/skyrl/run_grpo.sh``; the registration runs inside the Ray task, where SkyRL makes its envs.
"""

import hydra
import ray
from omegaconf import DictConfig
from skyrl_train.entrypoints.main_base import BasePPOExp, config_dir
from skyrl_train.utils import validate_cfg
from skyrl_train.utils.utils import initialize_ray


@ray.remote(num_cpus=1)
def skyrl_entrypoint(cfg: DictConfig) -> None:
    from envfactory_gym.integrations.skyrl import register

    register()
    BasePPOExp(cfg).run()


@hydra.main(config_path=config_dir, config_name="ppo_base_config", version_base=None)
def main(cfg: DictConfig) -> None:
    validate_cfg(cfg)
    initialize_ray(cfg)
    ray.get(skyrl_entrypoint.remote(cfg))


if __name__ == "__main__":
    main()
