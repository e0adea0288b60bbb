#include "server/rating/glicko2.h"

#include <cmath>
#include <numbers>

namespace kafenio::rating {

namespace {

// Step 2: the conversion factor between the Glicko and Glicko-2 scales.
constexpr double kScale = 173.7178;
constexpr double kBaseRating = 1500;

double G(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double Expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-G(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, as the root of f by the Illinois variant of regula falsi.
double NewVolatility(double sigma, double phi, double v, double delta,
                     const Glicko2Config& config) {
  const double tau = config.tau;
  const double a = std::log(sigma * sigma);
  const double delta2 = delta * delta;
  const double phi2 = phi * phi;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double denominator = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2.0 * denominator * denominator) -
           (x - a) / (tau * tau);
  };

  double big_a = a;
  double big_b = 0;
  if (delta2 > phi2 + v) {
    big_b = std::log(delta2 - phi2 - v);
  } else {
    double k = 1;
    while (f(a - k * tau) < 0) k += 1;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  while (std::fabs(big_b - big_a) > config.epsilon) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2;  // the Illinois step: halve the stale end's value
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2);
}

}  // namespace

Glicko2Rating Glicko2Update(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                            const Glicko2Config& config) {
  const double mu = (player.rating - kBaseRating) / kScale;
  const double phi = player.rd / kScale;
  const double sigma = player.volatility;

  if (games.empty()) {
    const double phi_star = std::sqrt(phi * phi + sigma * sigma);
    return Glicko2Rating{player.rating, phi_star * kScale, sigma};
  }

  // Steps 3 and 4: the estimated variance v and the estimated improvement delta.
  double inverse_v = 0;
  double improvement_sum = 0;
  for (const auto& game : games) {
    const double mu_j = (game.opponent.rating - kBaseRating) / kScale;
    const double phi_j = game.opponent.rd / kScale;
    const double g = G(phi_j);
    const double e = Expected(mu, mu_j, phi_j);
    inverse_v += g * g * e * (1 - e);
    improvement_sum += g * (game.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double delta = v * improvement_sum;

  // Steps 5 to 8.
  const double sigma_new = NewVolatility(sigma, phi, v, delta, config);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * improvement_sum;
  return Glicko2Rating{kScale * mu_new + kBaseRating, kScale * phi_new, sigma_new};
}

}  // namespace kafenio::rating
