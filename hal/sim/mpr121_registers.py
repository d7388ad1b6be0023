"""The MPR121's register map and the constants of its conversion, as the datasheet gives them
(the simulator in ``mpr121_chip`` reads and writes these)."""

from __future__ import annotations

from statistics import NormalDist

ELECTRODES = 12
TOUCH_STATUS = 0x00
OUT_OF_RANGE = 0x02  # 0x02: E0..E7; 0x03: E8..E11 in bits 3:0, ARFF bit 6, ACFF bit 7
AUTO_CONFIG_FAILED, AUTO_RECONFIG_FAILED = 0x80, 0x40
FILTERED_DATA = 0x04
BASELINE = 0x1E
FILTERS = 0x2B
TOUCH_THRESHOLD = 0x41  # release threshold of electrode n is at 0x42 + 2n
DEBOUNCE = 0x5B
CDC_CONFIG = 0x5C
CDT_CONFIG = 0x5D
ECR = 0x5E
CDC_ELECTRODE = 0x5F
CDT_ELECTRODE = 0x6C
GPIO_FIRST, GPIO_LAST = 0x73, 0x7A
AUTO_CONFIG = 0x7B  # control 0 and 1, then USL, LSL, TL
FIRST_FILTER_SAMPLES = (6, 10, 18, 34)
SECOND_FILTER_SAMPLES = (4, 6, 10, 18)
POWER_ON_SAMPLES = 6 * 4
ADC_MAX = 1023
NORMAL_BITS = 16
# Gaussian noise by table: the midpoints of 65536 equal-probability slices (tails to 4.3 sigma),
# several times faster than random.gauss for the hundreds of pads sampled every period.
NORMAL_TABLE = [NormalDist().inv_cdf((i + 0.5) / 2**NORMAL_BITS) for i in range(2**NORMAL_BITS)]
SPREAD_LIMIT = 5  # table noise never reaches the rails when the level is this many sigma away
SOFT_RESET = 0x80
SOFT_RESET_KEY = 0x63
OVER_CURRENT = 0x80  # bit 7 of register 0x01
POWER_ON = {CDC_CONFIG: 0x10, CDT_CONFIG: 0x24}
BASE_PF = 8.0
FINGER_PF = 2.0
