// Generated from supabase/migrations by `node scripts/gen-db-types.mjs` (the `supabase gen types typescript`
// shape, via @supabase/postgrest-typegen against the embedded database). Do not edit: add a migration and
// run the script; `npm test` fails while this file is stale.
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      account_recovery_codes: {
        Row: {
          code_hash: string
          created_at: string
          used_at: string | null
          user_id: string
        }
        Insert: {
          code_hash: string
          created_at?: string
          used_at?: string | null
          user_id: string
        }
        Update: {
          code_hash?: string
          created_at?: string
          used_at?: string | null
          user_id?: string
        }
        Relationships: []
      }
      account_recovery_failures: {
        Row: {
          failed_at: string
          user_id: string
        }
        Insert: {
          failed_at?: string
          user_id: string
        }
        Update: {
          failed_at?: string
          user_id?: string
        }
        Relationships: []
      }
      billing_customers: {
        Row: {
          created_at: string
          provider_customer_id: string
          store_id: string
        }
        Insert: {
          created_at?: string
          provider_customer_id: string
          store_id: string
        }
        Update: {
          created_at?: string
          provider_customer_id?: string
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "billing_customers_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      currency_rates: {
        Row: {
          as_of: string
          currency: string
          per_eur: number
          source: string
        }
        Insert: {
          as_of: string
          currency: string
          per_eur: number
          source: string
        }
        Update: {
          as_of?: string
          currency?: string
          per_eur?: number
          source?: string
        }
        Relationships: []
      }
      discount_codes: {
        Row: {
          active: boolean
          amount_off_cents: number | null
          code: string
          created_at: string
          currency: string | null
          expires_at: string | null
          id: string
          max_redemptions: number | null
          pattern_id: string | null
          percent_off: number | null
          redemptions: number
          store_id: string
          updated_at: string
        }
        Insert: {
          active?: boolean
          amount_off_cents?: number | null
          code: string
          created_at?: string
          currency?: string | null
          expires_at?: string | null
          id?: string
          max_redemptions?: number | null
          pattern_id?: string | null
          percent_off?: number | null
          redemptions?: number
          store_id: string
          updated_at?: string
        }
        Update: {
          active?: boolean
          amount_off_cents?: number | null
          code?: string
          created_at?: string
          currency?: string | null
          expires_at?: string | null
          id?: string
          max_redemptions?: number | null
          pattern_id?: string | null
          percent_off?: number | null
          redemptions?: number
          store_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "discount_codes_pattern_id_store_id_fkey"
            columns: ["pattern_id", "store_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id", "store_id"]
          },
          {
            foreignKeyName: "discount_codes_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      download_copies: {
        Row: {
          created_at: string
          format: string
          id: string
          pattern_id: string
          revoked_at: string | null
          size_bytes: number
          sizes: string
          storage_path: string
          user_id: string
          variant: string
          version: number
        }
        Insert: {
          created_at?: string
          format: string
          id?: string
          pattern_id: string
          revoked_at?: string | null
          size_bytes: number
          sizes?: string
          storage_path: string
          user_id: string
          variant?: string
          version: number
        }
        Update: {
          created_at?: string
          format?: string
          id?: string
          pattern_id?: string
          revoked_at?: string | null
          size_bytes?: number
          sizes?: string
          storage_path?: string
          user_id?: string
          variant?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "download_copies_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      downloads: {
        Row: {
          created_at: string
          format: string
          id: number
          pattern_file_id: string | null
          pattern_id: string
          user_id: string
          version: number
        }
        Insert: {
          created_at?: string
          format: string
          id?: never
          pattern_file_id?: string | null
          pattern_id: string
          user_id: string
          version: number
        }
        Update: {
          created_at?: string
          format?: string
          id?: never
          pattern_file_id?: string | null
          pattern_id?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "downloads_pattern_file_id_fkey"
            columns: ["pattern_file_id"]
            referencedRelation: "pattern_files"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "downloads_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      entitlements: {
        Row: {
          granted_at: string
          id: string
          order_item_id: string | null
          pattern_id: string
          revoke_reason: string | null
          revoked_at: string | null
          source: string
          user_id: string
        }
        Insert: {
          granted_at?: string
          id?: string
          order_item_id?: string | null
          pattern_id: string
          revoke_reason?: string | null
          revoked_at?: string | null
          source: string
          user_id: string
        }
        Update: {
          granted_at?: string
          id?: string
          order_item_id?: string | null
          pattern_id?: string
          revoke_reason?: string | null
          revoked_at?: string | null
          source?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "entitlements_order_item_id_fkey"
            columns: ["order_item_id"]
            referencedRelation: "order_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "entitlements_order_item_id_fkey"
            columns: ["order_item_id"]
            referencedRelation: "report_sales_lines"
            referencedColumns: ["order_item_id"]
          },
          {
            foreignKeyName: "entitlements_order_item_id_fkey"
            columns: ["order_item_id"]
            referencedRelation: "reseller_commissions"
            referencedColumns: ["order_item_id"]
          },
          {
            foreignKeyName: "entitlements_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      favourites: {
        Row: {
          created_at: string
          pattern_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          pattern_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          pattern_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "favourites_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      follows: {
        Row: {
          created_at: string
          follower_id: string
          store_id: string
        }
        Insert: {
          created_at?: string
          follower_id?: string
          store_id: string
        }
        Update: {
          created_at?: string
          follower_id?: string
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "follows_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      invoices: {
        Row: {
          currency: string
          gross_cents: number
          id: string
          issued_at: string
          kind: string
          notice_due: boolean
          notice_sent_at: string | null
          number: number
          order_id: string
          order_item_ids: string[]
          vat_cents: number
        }
        Insert: {
          currency: string
          gross_cents: number
          id?: string
          issued_at?: string
          kind: string
          notice_due?: boolean
          notice_sent_at?: string | null
          number: number
          order_id: string
          order_item_ids?: string[]
          vat_cents: number
        }
        Update: {
          currency?: string
          gross_cents?: number
          id?: string
          issued_at?: string
          kind?: string
          notice_due?: boolean
          notice_sent_at?: string | null
          number?: number
          order_id?: string
          order_item_ids?: string[]
          vat_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "invoices_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      kit_clicks: {
        Row: {
          clicked_at: string
          id: number
          kit_id: string
          visitor: string
        }
        Insert: {
          clicked_at?: string
          id?: never
          kit_id: string
          visitor: string
        }
        Update: {
          clicked_at?: string
          id?: never
          kit_id?: string
          visitor?: string
        }
        Relationships: [
          {
            foreignKeyName: "kit_clicks_kit_id_fkey"
            columns: ["kit_id"]
            referencedRelation: "kits"
            referencedColumns: ["id"]
          },
        ]
      }
      kits: {
        Row: {
          archived_at: string | null
          created_at: string
          currency: string
          description: string
          id: string
          pattern_id: string
          price_cents: number
          supplier_id: string
          title: string
          updated_at: string
          url: string
          clicks: number | null
          supplier_name: string | null
        }
        Insert: {
          archived_at?: string | null
          created_at?: string
          currency: string
          description?: string
          id?: string
          pattern_id: string
          price_cents: number
          supplier_id?: string
          title: string
          updated_at?: string
          url: string
        }
        Update: {
          archived_at?: string | null
          created_at?: string
          currency?: string
          description?: string
          id?: string
          pattern_id?: string
          price_cents?: number
          supplier_id?: string
          title?: string
          updated_at?: string
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "kits_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      message_threads: {
        Row: {
          buyer_id: string
          buyer_notified_at: string | null
          buyer_read_at: string | null
          created_at: string
          id: string
          last_message_at: string
          pattern_id: string | null
          store_id: string
          store_notified_at: string | null
          store_read_at: string | null
          thread_side: Database["public"]["Enums"]["message_side"] | null
        }
        Insert: {
          buyer_id: string
          buyer_notified_at?: string | null
          buyer_read_at?: string | null
          created_at?: string
          id?: string
          last_message_at?: string
          pattern_id?: string | null
          store_id: string
          store_notified_at?: string | null
          store_read_at?: string | null
        }
        Update: {
          buyer_id?: string
          buyer_notified_at?: string | null
          buyer_read_at?: string | null
          created_at?: string
          id?: string
          last_message_at?: string
          pattern_id?: string | null
          store_id?: string
          store_notified_at?: string | null
          store_read_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "message_threads_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_threads_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_subscribers: {
        Row: {
          confirm_sent_at: string | null
          confirm_token_hash: string | null
          confirmed_at: string | null
          crafts: string[]
          created_at: string
          email: string
          id: string
          last_mailed_at: string | null
          token: string
          unsubscribed_at: string | null
        }
        Insert: {
          confirm_sent_at?: string | null
          confirm_token_hash?: string | null
          confirmed_at?: string | null
          crafts?: string[]
          created_at?: string
          email: string
          id?: string
          last_mailed_at?: string | null
          token?: string
          unsubscribed_at?: string | null
        }
        Update: {
          confirm_sent_at?: string | null
          confirm_token_hash?: string | null
          confirmed_at?: string | null
          crafts?: string[]
          created_at?: string
          email?: string
          id?: string
          last_mailed_at?: string | null
          token?: string
          unsubscribed_at?: string | null
        }
        Relationships: []
      }
      order_items: {
        Row: {
          commission_cents: number
          created_at: string
          currency: string
          discount_cents: number
          id: string
          kind: Database["public"]["Enums"]["order_item_kind"]
          licence: Database["public"]["Enums"]["pattern_licence"]
          order_id: string
          order_number: number | null
          pattern_id: string
          platform_fee_cents: number
          quantity: number
          refund_requested_at: string | null
          refunded_at: string | null
          sold_at: string | null
          store_id: string
          title: string | null
          unit_price_cents: number
          vat_cents: number
          order_item_total: number | null
        }
        Insert: {
          commission_cents?: number
          created_at?: string
          currency: string
          discount_cents?: number
          id?: string
          kind?: Database["public"]["Enums"]["order_item_kind"]
          licence?: Database["public"]["Enums"]["pattern_licence"]
          order_id: string
          order_number?: number | null
          pattern_id: string
          platform_fee_cents?: number
          quantity?: number
          refund_requested_at?: string | null
          refunded_at?: string | null
          sold_at?: string | null
          store_id: string
          title?: string | null
          unit_price_cents: number
          vat_cents?: number
        }
        Update: {
          commission_cents?: number
          created_at?: string
          currency?: string
          discount_cents?: number
          id?: string
          kind?: Database["public"]["Enums"]["order_item_kind"]
          licence?: Database["public"]["Enums"]["pattern_licence"]
          order_id?: string
          order_number?: number | null
          pattern_id?: string
          platform_fee_cents?: number
          quantity?: number
          refund_requested_at?: string | null
          refunded_at?: string | null
          sold_at?: string | null
          store_id?: string
          title?: string | null
          unit_price_cents?: number
          vat_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          amount_refunded_cents: number
          buyer_country: string | null
          buyer_email: string | null
          buyer_id: string | null
          created_at: string
          currency: string
          discount_cents: number
          discount_code_id: string | null
          expires_at: string | null
          failure_code: string | null
          failure_message: string | null
          id: string
          locale: string | null
          number: number
          paid_at: string | null
          platform_fee_cents: number
          provider: string
          provider_charge_id: string | null
          provider_payment_intent_id: string | null
          provider_session_id: string | null
          receipt_sent_at: string | null
          referral_click_id: string | null
          referral_code: string | null
          refunded_at: string | null
          reseller_id: string | null
          status: Database["public"]["Enums"]["order_status"]
          subtotal_cents: number
          total_cents: number
          updated_at: string
          vat_cents: number
          vat_rate_bp: number
        }
        Insert: {
          amount_refunded_cents?: number
          buyer_country?: string | null
          buyer_email?: string | null
          buyer_id?: string | null
          created_at?: string
          currency: string
          discount_cents?: number
          discount_code_id?: string | null
          expires_at?: string | null
          failure_code?: string | null
          failure_message?: string | null
          id?: string
          locale?: string | null
          number?: never
          paid_at?: string | null
          platform_fee_cents?: number
          provider?: string
          provider_charge_id?: string | null
          provider_payment_intent_id?: string | null
          provider_session_id?: string | null
          receipt_sent_at?: string | null
          referral_click_id?: string | null
          referral_code?: string | null
          refunded_at?: string | null
          reseller_id?: string | null
          status?: Database["public"]["Enums"]["order_status"]
          subtotal_cents: number
          total_cents: number
          updated_at?: string
          vat_cents?: number
          vat_rate_bp?: number
        }
        Update: {
          amount_refunded_cents?: number
          buyer_country?: string | null
          buyer_email?: string | null
          buyer_id?: string | null
          created_at?: string
          currency?: string
          discount_cents?: number
          discount_code_id?: string | null
          expires_at?: string | null
          failure_code?: string | null
          failure_message?: string | null
          id?: string
          locale?: string | null
          number?: never
          paid_at?: string | null
          platform_fee_cents?: number
          provider?: string
          provider_charge_id?: string | null
          provider_payment_intent_id?: string | null
          provider_session_id?: string | null
          receipt_sent_at?: string | null
          referral_click_id?: string | null
          referral_code?: string | null
          refunded_at?: string | null
          reseller_id?: string | null
          status?: Database["public"]["Enums"]["order_status"]
          subtotal_cents?: number
          total_cents?: number
          updated_at?: string
          vat_cents?: number
          vat_rate_bp?: number
        }
        Relationships: [
          {
            foreignKeyName: "orders_discount_code_id_fkey"
            columns: ["discount_code_id"]
            referencedRelation: "discount_codes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_referral_click_id_fkey"
            columns: ["referral_click_id"]
            referencedRelation: "referral_clicks"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_applications: {
        Row: {
          audience: string
          company: string
          country: string | null
          created_at: string
          id: string
          kind: Database["public"]["Enums"]["partner_kind"]
          message: string
          reason: string | null
          reviewed_at: string | null
          reviewer_id: string | null
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
          user_id: string
          website: string
        }
        Insert: {
          audience?: string
          company: string
          country?: string | null
          created_at?: string
          id?: string
          kind: Database["public"]["Enums"]["partner_kind"]
          message?: string
          reason?: string | null
          reviewed_at?: string | null
          reviewer_id?: string | null
          status?: Database["public"]["Enums"]["application_status"]
          updated_at?: string
          user_id?: string
          website: string
        }
        Update: {
          audience?: string
          company?: string
          country?: string | null
          created_at?: string
          id?: string
          kind?: Database["public"]["Enums"]["partner_kind"]
          message?: string
          reason?: string | null
          reviewed_at?: string | null
          reviewer_id?: string | null
          status?: Database["public"]["Enums"]["application_status"]
          updated_at?: string
          user_id?: string
          website?: string
        }
        Relationships: []
      }
      pattern_files: {
        Row: {
          changelog: string
          created_at: string
          format: string
          generated: boolean
          id: string
          layers: NonNullable<Json>
          pages: number | null
          pattern_id: string
          sha256: string
          size_bytes: number
          storage_path: string
          store_id: string
          tiles: Json | null
          updated_at: string
          variants: NonNullable<Json>
          version: number
        }
        Insert: {
          changelog?: string
          created_at?: string
          format: string
          generated?: boolean
          id?: string
          layers?: NonNullable<Json>
          pages?: number | null
          pattern_id: string
          sha256: string
          size_bytes: number
          storage_path: string
          store_id: string
          tiles?: Json | null
          updated_at?: string
          variants?: NonNullable<Json>
          version?: number
        }
        Update: {
          changelog?: string
          created_at?: string
          format?: string
          generated?: boolean
          id?: string
          layers?: NonNullable<Json>
          pages?: number | null
          pattern_id?: string
          sha256?: string
          size_bytes?: number
          storage_path?: string
          store_id?: string
          tiles?: Json | null
          updated_at?: string
          variants?: NonNullable<Json>
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "pattern_files_pattern_id_store_id_fkey"
            columns: ["pattern_id", "store_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id", "store_id"]
          },
        ]
      }
      pattern_masters: {
        Row: {
          applied: NonNullable<Json>
          applied_at: string | null
          created_at: string
          layers: NonNullable<Json>
          pattern_id: string
          pending: NonNullable<Json>
          sha256: string
          sheets: NonNullable<Json>
          size_bytes: number
          storage_path: string
          store_id: string
          updated_at: string
          version: number
        }
        Insert: {
          applied?: NonNullable<Json>
          applied_at?: string | null
          created_at?: string
          layers?: NonNullable<Json>
          pattern_id: string
          pending?: NonNullable<Json>
          sha256: string
          sheets?: NonNullable<Json>
          size_bytes: number
          storage_path: string
          store_id: string
          updated_at?: string
          version: number
        }
        Update: {
          applied?: NonNullable<Json>
          applied_at?: string | null
          created_at?: string
          layers?: NonNullable<Json>
          pattern_id?: string
          pending?: NonNullable<Json>
          sha256?: string
          sheets?: NonNullable<Json>
          size_bytes?: number
          storage_path?: string
          store_id?: string
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "pattern_masters_pattern_id_store_id_fkey"
            columns: ["pattern_id", "store_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id", "store_id"]
          },
        ]
      }
      pattern_ratings: {
        Row: {
          pattern_id: string
          rating_avg: number | null
          rating_sum: number
          review_count: number
        }
        Insert: {
          pattern_id: string
          rating_avg?: never
          rating_sum?: number
          review_count?: number
        }
        Update: {
          pattern_id?: string
          rating_avg?: never
          rating_sum?: number
          review_count?: number
        }
        Relationships: [
          {
            foreignKeyName: "pattern_ratings_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      pattern_translations: {
        Row: {
          created_at: string
          description: string
          locale: string
          pattern_id: string
          title: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          description?: string
          locale: string
          pattern_id: string
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          locale?: string
          pattern_id?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "pattern_translations_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      pattern_versions: {
        Row: {
          changes: string
          created_at: string
          created_by: string | null
          id: string
          notified_at: string | null
          pattern_id: string
          store_id: string
          version: number
        }
        Insert: {
          changes: string
          created_at?: string
          created_by?: string | null
          id?: string
          notified_at?: string | null
          pattern_id: string
          store_id: string
          version: number
        }
        Update: {
          changes?: string
          created_at?: string
          created_by?: string | null
          id?: string
          notified_at?: string | null
          pattern_id?: string
          store_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "pattern_versions_pattern_id_store_id_fkey"
            columns: ["pattern_id", "store_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id", "store_id"]
          },
        ]
      }
      pattern_views: {
        Row: {
          day: string
          pattern_id: string
          views: number
        }
        Insert: {
          day: string
          pattern_id: string
          views?: number
        }
        Update: {
          day?: string
          pattern_id?: string
          views?: number
        }
        Relationships: [
          {
            foreignKeyName: "pattern_views_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      pattern_wholesale_prices: {
        Row: {
          currency: string
          min_quantity: number
          pattern_id: string
          price_cents: number
          store_id: string
          updated_at: string
        }
        Insert: {
          currency?: string
          min_quantity?: number
          pattern_id: string
          price_cents: number
          store_id: string
          updated_at?: string
        }
        Update: {
          currency?: string
          min_quantity?: number
          pattern_id?: string
          price_cents?: number
          store_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "pattern_wholesale_prices_pattern_id_store_id_fkey"
            columns: ["pattern_id", "store_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id", "store_id"]
          },
        ]
      }
      patterns: {
        Row: {
          bust_max_cm: number | null
          bust_min_cm: number | null
          category: string
          cover_path: string | null
          craft: string
          created_at: string
          currency: string
          current_version: number
          description: string
          difficulty: number
          formats: string[]
          gallery_paths: string[]
          gauge_rows_10cm: number | null
          gauge_stitches_10cm: number | null
          hip_max_cm: number | null
          hip_min_cm: number | null
          id: string
          languages: string[]
          licence: Database["public"]["Enums"]["pattern_licence"]
          needle_mm: number | null
          notions: string[]
          price_cents: number
          published_at: string | null
          sales_count: number
          search_vector: unknown
          size_chart: NonNullable<Json>
          size_range: string
          status: Database["public"]["Enums"]["pattern_status"]
          store_id: string
          tags: string[]
          title: string
          updated_at: string
          waist_max_cm: number | null
          waist_min_cm: number | null
          yardage: NonNullable<Json>
          yarn_max_m: number | null
          yarn_min_m: number | null
          yarn_weight: number | null
          pattern_publish_gaps: string[] | null
        }
        Insert: {
          bust_max_cm?: number | null
          bust_min_cm?: number | null
          category: string
          cover_path?: string | null
          craft: string
          created_at?: string
          currency?: string
          current_version?: number
          description?: string
          difficulty?: number
          formats?: string[]
          gallery_paths?: string[]
          gauge_rows_10cm?: number | null
          gauge_stitches_10cm?: number | null
          hip_max_cm?: number | null
          hip_min_cm?: number | null
          id?: string
          languages?: string[]
          licence?: Database["public"]["Enums"]["pattern_licence"]
          needle_mm?: number | null
          notions?: string[]
          price_cents?: number
          published_at?: string | null
          sales_count?: number
          search_vector?: unknown
          size_chart?: NonNullable<Json>
          size_range?: string
          status?: Database["public"]["Enums"]["pattern_status"]
          store_id: string
          tags?: string[]
          title: string
          updated_at?: string
          waist_max_cm?: number | null
          waist_min_cm?: number | null
          yardage?: NonNullable<Json>
          yarn_max_m?: number | null
          yarn_min_m?: number | null
          yarn_weight?: number | null
        }
        Update: {
          bust_max_cm?: number | null
          bust_min_cm?: number | null
          category?: string
          cover_path?: string | null
          craft?: string
          created_at?: string
          currency?: string
          current_version?: number
          description?: string
          difficulty?: number
          formats?: string[]
          gallery_paths?: string[]
          gauge_rows_10cm?: number | null
          gauge_stitches_10cm?: number | null
          hip_max_cm?: number | null
          hip_min_cm?: number | null
          id?: string
          languages?: string[]
          licence?: Database["public"]["Enums"]["pattern_licence"]
          needle_mm?: number | null
          notions?: string[]
          price_cents?: number
          published_at?: string | null
          sales_count?: number
          search_vector?: unknown
          size_chart?: NonNullable<Json>
          size_range?: string
          status?: Database["public"]["Enums"]["pattern_status"]
          store_id?: string
          tags?: string[]
          title?: string
          updated_at?: string
          waist_max_cm?: number | null
          waist_min_cm?: number | null
          yardage?: NonNullable<Json>
          yarn_max_m?: number | null
          yarn_min_m?: number | null
          yarn_weight?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "patterns_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      payment_events: {
        Row: {
          error: string | null
          id: string
          payload: NonNullable<Json>
          processed_at: string | null
          provider: string
          provider_event_id: string
          received_at: string
          type: string
        }
        Insert: {
          error?: string | null
          id?: string
          payload: NonNullable<Json>
          processed_at?: string | null
          provider: string
          provider_event_id: string
          received_at?: string
          type: string
        }
        Update: {
          error?: string | null
          id?: string
          payload?: NonNullable<Json>
          processed_at?: string | null
          provider?: string
          provider_event_id?: string
          received_at?: string
          type?: string
        }
        Relationships: []
      }
      payout_accounts: {
        Row: {
          charges_enabled: boolean
          created_at: string
          details_submitted: boolean
          payouts_enabled: boolean
          requirements_due: string[]
          stripe_account_id: string
          updated_at: string
          user_id: string
        }
        Insert: {
          charges_enabled?: boolean
          created_at?: string
          details_submitted?: boolean
          payouts_enabled?: boolean
          requirements_due?: string[]
          stripe_account_id: string
          updated_at?: string
          user_id: string
        }
        Update: {
          charges_enabled?: boolean
          created_at?: string
          details_submitted?: boolean
          payouts_enabled?: boolean
          requirements_due?: string[]
          stripe_account_id?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      payout_transfers: {
        Row: {
          amount_cents: number
          created_at: string
          currency: string
          id: string
          kind: Database["public"]["Enums"]["payout_kind"]
          order_id: string
          order_item_id: string
          paid_at: string | null
          provider_reversal_id: string | null
          provider_transfer_id: string | null
          recipient_id: string | null
          reversal_due_cents: number
          reversed_at: string | null
          reversed_cents: number
          status: Database["public"]["Enums"]["payout_status"]
          store_id: string
        }
        Insert: {
          amount_cents: number
          created_at?: string
          currency: string
          id?: string
          kind?: Database["public"]["Enums"]["payout_kind"]
          order_id: string
          order_item_id: string
          paid_at?: string | null
          provider_reversal_id?: string | null
          provider_transfer_id?: string | null
          recipient_id?: string | null
          reversal_due_cents?: number
          reversed_at?: string | null
          reversed_cents?: number
          status?: Database["public"]["Enums"]["payout_status"]
          store_id: string
        }
        Update: {
          amount_cents?: number
          created_at?: string
          currency?: string
          id?: string
          kind?: Database["public"]["Enums"]["payout_kind"]
          order_id?: string
          order_item_id?: string
          paid_at?: string | null
          provider_reversal_id?: string | null
          provider_transfer_id?: string | null
          recipient_id?: string | null
          reversal_due_cents?: number
          reversed_at?: string | null
          reversed_cents?: number
          status?: Database["public"]["Enums"]["payout_status"]
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "payout_transfers_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payout_transfers_order_item_id_fkey"
            columns: ["order_item_id"]
            referencedRelation: "order_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payout_transfers_order_item_id_fkey"
            columns: ["order_item_id"]
            referencedRelation: "report_sales_lines"
            referencedColumns: ["order_item_id"]
          },
          {
            foreignKeyName: "payout_transfers_order_item_id_fkey"
            columns: ["order_item_id"]
            referencedRelation: "reseller_commissions"
            referencedColumns: ["order_item_id"]
          },
          {
            foreignKeyName: "payout_transfers_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      pos_key_usage: {
        Row: {
          pos_key_id: string
          requests: number
          window_start: string
        }
        Insert: {
          pos_key_id: string
          requests?: number
          window_start: string
        }
        Update: {
          pos_key_id?: string
          requests?: number
          window_start?: string
        }
        Relationships: [
          {
            foreignKeyName: "pos_key_usage_pos_key_id_fkey"
            columns: ["pos_key_id"]
            referencedRelation: "pos_keys"
            referencedColumns: ["id"]
          },
        ]
      }
      pos_keys: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          key_hash: string
          last_used_at: string | null
          name: string
          prefix: string
          revoked_at: string | null
          store_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash: string
          last_used_at?: string | null
          name: string
          prefix: string
          revoked_at?: string | null
          store_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash?: string
          last_used_at?: string | null
          name?: string
          prefix?: string
          revoked_at?: string | null
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "pos_keys_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      pos_requests: {
        Row: {
          created_at: string
          idempotency_key: string
          pos_key_id: string | null
          request_hash: string
          response: NonNullable<Json>
          store_id: string
        }
        Insert: {
          created_at?: string
          idempotency_key: string
          pos_key_id?: string | null
          request_hash: string
          response: NonNullable<Json>
          store_id: string
        }
        Update: {
          created_at?: string
          idempotency_key?: string
          pos_key_id?: string | null
          request_hash?: string
          response?: NonNullable<Json>
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "pos_requests_pos_key_id_fkey"
            columns: ["pos_key_id"]
            referencedRelation: "pos_keys"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pos_requests_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      pos_sales: {
        Row: {
          created_at: string
          currency: string
          external_id: string
          id: string
          pattern_id: string
          pos_key_id: string | null
          quantity: number
          royalty_cents: number
          royalty_currency: string
          royalty_fee_cents: number
          sold_at: string
          source: string
          store_id: string
          unit_price_cents: number
        }
        Insert: {
          created_at?: string
          currency: string
          external_id: string
          id?: string
          pattern_id: string
          pos_key_id?: string | null
          quantity: number
          royalty_cents?: number
          royalty_currency: string
          royalty_fee_cents?: number
          sold_at: string
          source?: string
          store_id: string
          unit_price_cents: number
        }
        Update: {
          created_at?: string
          currency?: string
          external_id?: string
          id?: string
          pattern_id?: string
          pos_key_id?: string | null
          quantity?: number
          royalty_cents?: number
          royalty_currency?: string
          royalty_fee_cents?: number
          sold_at?: string
          source?: string
          store_id?: string
          unit_price_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "pos_sales_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pos_sales_pos_key_id_fkey"
            columns: ["pos_key_id"]
            referencedRelation: "pos_keys"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pos_sales_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          created_at: string
          display_name: string
          id: string
          intent: string
          locale: string | null
          newsletter_opt_in: boolean
          updated_at: string
        }
        Insert: {
          avatar_path?: string | null
          created_at?: string
          display_name: string
          id: string
          intent?: string
          locale?: string | null
          newsletter_opt_in?: boolean
          updated_at?: string
        }
        Update: {
          avatar_path?: string | null
          created_at?: string
          display_name?: string
          id?: string
          intent?: string
          locale?: string | null
          newsletter_opt_in?: boolean
          updated_at?: string
        }
        Relationships: []
      }
      referral_clicks: {
        Row: {
          clicked_at: string
          code: string
          id: string
          path: string | null
          visitor: string | null
        }
        Insert: {
          clicked_at?: string
          code: string
          id?: string
          path?: string | null
          visitor?: string | null
        }
        Update: {
          clicked_at?: string
          code?: string
          id?: string
          path?: string | null
          visitor?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "referral_clicks_code_fkey"
            columns: ["code"]
            referencedRelation: "referral_codes"
            referencedColumns: ["code"]
          },
        ]
      }
      referral_codes: {
        Row: {
          code: string
          created_at: string
          reseller_id: string
        }
        Insert: {
          code: string
          created_at?: string
          reseller_id: string
        }
        Update: {
          code?: string
          created_at?: string
          reseller_id?: string
        }
        Relationships: []
      }
      report_sales_daily: {
        Row: {
          currency: string
          day: string
          discount_cents: number
          fee_cents: number
          gross_cents: number
          lines: number
          refunded_net_cents: number
          refunds_cents: number
          store_id: string
          units: number
          vat_cents: number
        }
        Insert: {
          currency: string
          day: string
          discount_cents?: number
          fee_cents?: number
          gross_cents?: number
          lines?: number
          refunded_net_cents?: number
          refunds_cents?: number
          store_id: string
          units?: number
          vat_cents?: number
        }
        Update: {
          currency?: string
          day?: string
          discount_cents?: number
          fee_cents?: number
          gross_cents?: number
          lines?: number
          refunded_net_cents?: number
          refunds_cents?: number
          store_id?: string
          units?: number
          vat_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "report_sales_daily_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      reports: {
        Row: {
          audience: Database["public"]["Enums"]["report_audience"]
          description: string
          parameters: NonNullable<Json>
          slug: string
          sort_order: number
          store_kinds: Database["public"]["Enums"]["store_kind"][] | null
          title: string
        }
        Insert: {
          audience: Database["public"]["Enums"]["report_audience"]
          description: string
          parameters?: NonNullable<Json>
          slug: string
          sort_order?: number
          store_kinds?: Database["public"]["Enums"]["store_kind"][] | null
          title: string
        }
        Update: {
          audience?: Database["public"]["Enums"]["report_audience"]
          description?: string
          parameters?: NonNullable<Json>
          slug?: string
          sort_order?: number
          store_kinds?: Database["public"]["Enums"]["store_kind"][] | null
          title?: string
        }
        Relationships: []
      }
      review_replies: {
        Row: {
          author_id: string
          body: string
          created_at: string
          review_id: string
          store_id: string
        }
        Insert: {
          author_id?: string
          body: string
          created_at?: string
          review_id: string
          store_id: string
        }
        Update: {
          author_id?: string
          body?: string
          created_at?: string
          review_id?: string
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "review_replies_review_id_fkey"
            columns: ["review_id"]
            referencedRelation: "reviews"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "review_replies_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      reviews: {
        Row: {
          author_id: string
          body: string
          created_at: string
          entitlement_id: string
          id: string
          pattern_id: string
          photo_paths: string[]
          rating: number
          updated_at: string
        }
        Insert: {
          author_id?: string
          body: string
          created_at?: string
          entitlement_id: string
          id?: string
          pattern_id: string
          photo_paths?: string[]
          rating: number
          updated_at?: string
        }
        Update: {
          author_id?: string
          body?: string
          created_at?: string
          entitlement_id?: string
          id?: string
          pattern_id?: string
          photo_paths?: string[]
          rating?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "reviews_entitlement_id_fkey"
            columns: ["entitlement_id"]
            referencedRelation: "entitlements"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
        ]
      }
      search_terms: {
        Row: {
          kind: string
          term: string
        }
        Insert: {
          kind: string
          term: string
        }
        Update: {
          kind?: string
          term?: string
        }
        Relationships: []
      }
      store_slug_redirects: {
        Row: {
          created_at: string
          old_slug: string
          store_id: string
        }
        Insert: {
          created_at?: string
          old_slug: string
          store_id: string
        }
        Update: {
          created_at?: string
          old_slug?: string
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "store_slug_redirects_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      store_stock: {
        Row: {
          created_at: string
          id: string
          pattern_id: string
          printed_copies: number
          store_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          pattern_id: string
          printed_copies?: number
          store_id: string
        }
        Update: {
          created_at?: string
          id?: string
          pattern_id?: string
          printed_copies?: number
          store_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "store_stock_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "store_stock_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      stores: {
        Row: {
          address_line1: string | null
          address_line2: string | null
          banner_path: string | null
          bio: string
          city: string | null
          closed_at: string | null
          country: string
          created_at: string
          currency: string
          id: string
          kind: Database["public"]["Enums"]["store_kind"]
          logo_path: string | null
          name: string
          opening_hours: string
          owner_id: string
          payout_account_id: string | null
          payouts_enabled: boolean
          plan: string
          postal_code: string | null
          region: string | null
          slug: string
          updated_at: string
        }
        Insert: {
          address_line1?: string | null
          address_line2?: string | null
          banner_path?: string | null
          bio?: string
          city?: string | null
          closed_at?: string | null
          country?: string
          created_at?: string
          currency?: string
          id?: string
          kind: Database["public"]["Enums"]["store_kind"]
          logo_path?: string | null
          name: string
          opening_hours?: string
          owner_id?: string
          payout_account_id?: string | null
          payouts_enabled?: boolean
          plan?: string
          postal_code?: string | null
          region?: string | null
          slug: string
          updated_at?: string
        }
        Update: {
          address_line1?: string | null
          address_line2?: string | null
          banner_path?: string | null
          bio?: string
          city?: string | null
          closed_at?: string | null
          country?: string
          created_at?: string
          currency?: string
          id?: string
          kind?: Database["public"]["Enums"]["store_kind"]
          logo_path?: string | null
          name?: string
          opening_hours?: string
          owner_id?: string
          payout_account_id?: string | null
          payouts_enabled?: boolean
          plan?: string
          postal_code?: string | null
          region?: string | null
          slug?: string
          updated_at?: string
        }
        Relationships: []
      }
      subscriptions: {
        Row: {
          cancel_at_period_end: boolean
          canceled_at: string | null
          created_at: string
          current_period_end: string | null
          current_period_start: string | null
          id: string
          interval: string | null
          plan: string
          provider: string
          provider_customer_id: string | null
          provider_subscription_id: string | null
          status: Database["public"]["Enums"]["subscription_status"]
          store_id: string
          updated_at: string
        }
        Insert: {
          cancel_at_period_end?: boolean
          canceled_at?: string | null
          created_at?: string
          current_period_end?: string | null
          current_period_start?: string | null
          id?: string
          interval?: string | null
          plan: string
          provider?: string
          provider_customer_id?: string | null
          provider_subscription_id?: string | null
          status: Database["public"]["Enums"]["subscription_status"]
          store_id: string
          updated_at?: string
        }
        Update: {
          cancel_at_period_end?: boolean
          canceled_at?: string | null
          created_at?: string
          current_period_end?: string | null
          current_period_start?: string | null
          id?: string
          interval?: string | null
          plan?: string
          provider?: string
          provider_customer_id?: string | null
          provider_subscription_id?: string | null
          status?: Database["public"]["Enums"]["subscription_status"]
          store_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscriptions_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      thread_messages: {
        Row: {
          body: string
          created_at: string
          id: string
          sender_id: string
          sender_side: Database["public"]["Enums"]["message_side"]
          thread_id: string
        }
        Insert: {
          body: string
          created_at?: string
          id?: string
          sender_id: string
          sender_side: Database["public"]["Enums"]["message_side"]
          thread_id: string
        }
        Update: {
          body?: string
          created_at?: string
          id?: string
          sender_id?: string
          sender_side?: Database["public"]["Enums"]["message_side"]
          thread_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "thread_messages_thread_id_fkey"
            columns: ["thread_id"]
            referencedRelation: "message_threads"
            referencedColumns: ["id"]
          },
        ]
      }
      user_roles: {
        Row: {
          granted_at: string
          granted_by: string | null
          role: string
          user_id: string
        }
        Insert: {
          granted_at?: string
          granted_by?: string | null
          role: string
          user_id: string
        }
        Update: {
          granted_at?: string
          granted_by?: string | null
          role?: string
          user_id?: string
        }
        Relationships: []
      }
      vat_rates: {
        Row: {
          country: string
          name: string
          rate_bp: number
        }
        Insert: {
          country: string
          name: string
          rate_bp: number
        }
        Update: {
          country?: string
          name?: string
          rate_bp?: number
        }
        Relationships: []
      }
      wholesale_accounts: {
        Row: {
          address_line1: string
          address_line2: string | null
          business_name: string
          city: string
          country: string
          created_at: string
          document_path: string | null
          id: string
          postal_code: string
          reason: string | null
          region: string | null
          reviewed_at: string | null
          reviewer_id: string | null
          status: Database["public"]["Enums"]["application_status"]
          store_id: string | null
          tax_id: string
          updated_at: string
          user_id: string
          website: string | null
        }
        Insert: {
          address_line1: string
          address_line2?: string | null
          business_name: string
          city: string
          country: string
          created_at?: string
          document_path?: string | null
          id?: string
          postal_code: string
          reason?: string | null
          region?: string | null
          reviewed_at?: string | null
          reviewer_id?: string | null
          status?: Database["public"]["Enums"]["application_status"]
          store_id?: string | null
          tax_id: string
          updated_at?: string
          user_id?: string
          website?: string | null
        }
        Update: {
          address_line1?: string
          address_line2?: string | null
          business_name?: string
          city?: string
          country?: string
          created_at?: string
          document_path?: string | null
          id?: string
          postal_code?: string
          reason?: string | null
          region?: string | null
          reviewed_at?: string | null
          reviewer_id?: string | null
          status?: Database["public"]["Enums"]["application_status"]
          store_id?: string | null
          tax_id?: string
          updated_at?: string
          user_id?: string
          website?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "wholesale_accounts_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      report_sales_lines: {
        Row: {
          currency: string | null
          discount_cents: number | null
          fee_cents: number | null
          gross_cents: number | null
          kind: Database["public"]["Enums"]["order_item_kind"] | null
          net_cents: number | null
          order_item_id: string | null
          order_number: number | null
          pattern_id: string | null
          quantity: number | null
          refunded_at: string | null
          sold_at: string | null
          store_id: string | null
          title: string | null
          vat_cents: number | null
        }
        Insert: {
          currency?: string | null
          discount_cents?: number | null
          fee_cents?: number | null
          gross_cents?: never
          kind?: Database["public"]["Enums"]["order_item_kind"] | null
          net_cents?: never
          order_item_id?: string | null
          order_number?: number | null
          pattern_id?: string | null
          quantity?: number | null
          refunded_at?: string | null
          sold_at?: string | null
          store_id?: string | null
          title?: never
          vat_cents?: number | null
        }
        Update: {
          currency?: string | null
          discount_cents?: number | null
          fee_cents?: number | null
          gross_cents?: never
          kind?: Database["public"]["Enums"]["order_item_kind"] | null
          net_cents?: never
          order_item_id?: string | null
          order_number?: number | null
          pattern_id?: string | null
          quantity?: number | null
          refunded_at?: string | null
          sold_at?: string | null
          store_id?: string | null
          title?: never
          vat_cents?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "order_items_pattern_id_fkey"
            columns: ["pattern_id"]
            referencedRelation: "patterns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_store_id_fkey"
            columns: ["store_id"]
            referencedRelation: "stores"
            referencedColumns: ["id"]
          },
        ]
      }
      reseller_commissions: {
        Row: {
          commission_cents: number | null
          created_at: string | null
          currency: string | null
          item_kind: Database["public"]["Enums"]["order_item_kind"] | null
          net_sale_cents: number | null
          order_id: string | null
          order_item_id: string | null
          paid_at: string | null
          platform_fee_cents: number | null
          quantity: number | null
          referral_code: string | null
          refunded_at: string | null
          reseller_id: string | null
          status: Database["public"]["Enums"]["payout_status"] | null
          title: string | null
        }
        Relationships: [
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      apply_generated_formats: {
        Args: {
          p_changes: string
          p_master_version: number
          p_pattern_id: string
          p_user: string
        }
        Returns: Json
      }
      apply_payment_event: {
        Args: { p_event: Json; p_facts: Json; p_provider: string }
        Returns: Json
      }
      apply_payment_success: {
        Args: { p_event: Json; p_order_id: string; p_provider: string }
        Returns: Json
      }
      attach_order_referral: {
        Args: {
          p_click: string
          p_code: string
          p_commission_bp: number
          p_order: string
          p_window_days: number
        }
        Returns: Json
      }
      attach_pattern_file: {
        Args: {
          changes?: string
          format: string
          pattern_id: string
          sha256: string
          size_bytes: number
          version: number
        }
        Returns: Json
      }
      buyer_shares_email: { Args: { p_buyer: string }; Returns: boolean }
      cancel_refund_request: {
        Args: { p_item_ids: string[] }
        Returns: undefined
      }
      change_patterns_status: {
        Args: { pattern_ids: string[]; status: string }
        Returns: Json
      }
      claim_billing_notice: {
        Args: { p_key: string; p_kind: string; p_store: string }
        Returns: Json
      }
      claim_free_pattern: { Args: { pattern_id: string }; Returns: string }
      claim_message_notification: {
        Args: { p_message_id: string }
        Returns: Json
      }
      claim_pattern_update_mail: {
        Args: { p_pattern_id: string; p_version: number }
        Returns: Json
      }
      claim_refund_notices: {
        Args: { p_order_id: string }
        Returns: {
          currency: string
          gross_cents: number
          id: string
          issued_at: string
          kind: string
          notice_due: boolean
          notice_sent_at: string | null
          number: number
          order_id: string
          order_item_ids: string[]
          vat_cents: number
        }[]
        SetofOptions: {
          from: "*"
          to: "invoices"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      click_visitor: { Args: Record<PropertyKey, never>; Returns: string }
      clicks: {
        Args: { k: Database["public"]["Tables"]["kits"]["Row"] }
        Returns: number
      }
      close_account: { Args: { p_user: string }; Returns: Json }
      convert_price: {
        Args: {
          amount_cents: number
          from_currency: string
          to_currency: string
        }
        Returns: number
      }
      create_checkout_order: {
        Args: { p_items: Json; p_order: Json }
        Returns: string
      }
      create_pos_key: {
        Args: { name: string; store_id: string }
        Returns: Json
      }
      create_recovery_codes: {
        Args: Record<PropertyKey, never>
        Returns: string[]
      }
      currency_rate_micros: { Args: { p_currency: string }; Returns: number }
      discount_code_uses: {
        Args: { p_code: string; p_except_buyer?: string }
        Returns: number
      }
      download_allowance: { Args: { pattern_id: string }; Returns: number }
      download_limit_per_hour: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      download_stamp_facts: {
        Args: { format: string; pattern_id: string }
        Returns: Json
      }
      entitled_to_pattern_path: { Args: { p_name: string }; Returns: boolean }
      followed_new_patterns: {
        Args: { p_limit?: number }
        Returns: Database["public"]["CompositeTypes"]["pattern_hit"][]
        SetofOptions: {
          from: "*"
          to: "pattern_hit"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      grant_order_item: {
        Args: {
          p_buyer: string
          p_item: Database["public"]["Tables"]["order_items"]["Row"]
        }
        Returns: undefined
      }
      has_entitlement: { Args: { p_pattern_id: string }; Returns: boolean }
      has_role: { Args: { p_role: string }; Returns: boolean }
      has_verified_totp: { Args: { p_user: string }; Returns: boolean }
      is_anonymous: { Args: Record<PropertyKey, never>; Returns: boolean }
      is_approved_reseller: { Args: { p_user: string }; Returns: boolean }
      is_operator: { Args: Record<PropertyKey, never>; Returns: boolean }
      is_reseller_self: {
        Args: { p_buyer: string; p_email: string; p_reseller: string }
        Returns: boolean
      }
      is_reserved_slug: { Args: { p_slug: string }; Returns: boolean }
      is_supplier: { Args: { p_user_id: string }; Returns: boolean }
      is_wholesale_buyer: { Args: Record<PropertyKey, never>; Returns: boolean }
      kit_click_visitor: { Args: Record<PropertyKey, never>; Returns: string }
      mark_thread_read: { Args: { p_thread_id: string }; Returns: string }
      may_reply: {
        Args: { p_review_id: string; p_store_id: string }
        Returns: boolean
      }
      may_review: {
        Args: { p_entitlement_id: string; p_pattern_id: string }
        Returns: boolean
      }
      may_upload_review_photo: { Args: { p_name: string }; Returns: boolean }
      message_buyer_name: {
        Args: { p_buyer: string; p_store_id: string }
        Returns: string
      }
      message_mail_interval: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      message_max_length: { Args: Record<PropertyKey, never>; Returns: number }
      mfa_satisfied: { Args: Record<PropertyKey, never>; Returns: boolean }
      mfa_satisfied_or_refuse: {
        Args: Record<PropertyKey, never>
        Returns: boolean
      }
      my_entitled_pattern_ids: {
        Args: Record<PropertyKey, never>
        Returns: string[]
      }
      my_library: {
        Args: Record<PropertyKey, never>
        Returns: {
          cover_path: string
          current_version: number
          formats: string[]
          granted_at: string
          last_downloaded_at: string
          latest_changes: string
          pattern_id: string
          source: string
          status: string
          store_name: string
          store_slug: string
          title: string
          updated: boolean
        }[]
      }
      my_message_threads: {
        Args: Record<PropertyKey, never>
        Returns: {
          created_at: string
          last_from: Database["public"]["Enums"]["message_side"]
          last_message: string
          last_message_at: string
          my_side: Database["public"]["Enums"]["message_side"]
          other_party: string
          pattern_id: string
          pattern_title: string
          store_id: string
          store_name: string
          store_slug: string
          thread_id: string
          unread: number
        }[]
      }
      my_order_ids: { Args: Record<PropertyKey, never>; Returns: string[] }
      my_pattern_ids: { Args: Record<PropertyKey, never>; Returns: string[] }
      my_store_ids: { Args: Record<PropertyKey, never>; Returns: string[] }
      needle_sizes_mm: { Args: Record<PropertyKey, never>; Returns: number[] }
      newsletter_confirm: {
        Args: { p_confirm_token_hash: string; p_max_age?: number }
        Returns: Json
      }
      newsletter_follow_digest: {
        Args: { p_since: string; p_until?: string }
        Returns: {
          email: string
          locale: string
          patterns: Json
          unsubscribe_token: string
        }[]
      }
      newsletter_mail_failed: { Args: { p_email: string }; Returns: undefined }
      newsletter_request: {
        Args: {
          p_confirm_token_hash: string
          p_email: string
          p_min_interval?: number
        }
        Returns: Json
      }
      newsletter_unsubscribe: { Args: { p_token: string }; Returns: Json }
      next_invoice_number: { Args: { p_kind: string }; Returns: number }
      order_invoice: {
        Args: { p_credit_note?: number; p_order_id: string }
        Returns: Json
      }
      order_item_total: {
        Args: { p_item: Database["public"]["Tables"]["order_items"]["Row"] }
        Returns: number
      }
      owns_pattern_path: { Args: { p_name: string }; Returns: boolean }
      owns_store: { Args: { p_store_id: string }; Returns: boolean }
      partner_directory: {
        Args: { programme?: string }
        Returns: {
          company: string
          country: string
          kind: string
          partner_since: string
          website: string
        }[]
      }
      path_uuid: {
        Args: { p_name: string; p_segment: number }
        Returns: string
      }
      pattern_is_published: { Args: { p_pattern_id: string }; Returns: boolean }
      pattern_publish_gaps: {
        Args: { p: Database["public"]["Tables"]["patterns"]["Row"] }
        Returns: string[]
      }
      pattern_reviews: {
        Args: { p_limit?: number; p_offset?: number; p_pattern_id: string }
        Returns: {
          author_name: string
          body: string
          created_at: string
          id: string
          mine: boolean
          photo_paths: string[]
          rating: number
          replied_at: string
          reply_body: string
          updated_at: string
        }[]
      }
      pattern_update_mails_per_day: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      patterns_fitting: {
        Args: {
          bust?: number
          hip?: number
          limit?: number
          offset?: number
          waist?: number
        }
        Returns: {
          bust_max_cm: number | null
          bust_min_cm: number | null
          category: string
          cover_path: string | null
          craft: string
          created_at: string
          currency: string
          current_version: number
          description: string
          difficulty: number
          formats: string[]
          gallery_paths: string[]
          gauge_rows_10cm: number | null
          gauge_stitches_10cm: number | null
          hip_max_cm: number | null
          hip_min_cm: number | null
          id: string
          languages: string[]
          licence: Database["public"]["Enums"]["pattern_licence"]
          needle_mm: number | null
          notions: string[]
          price_cents: number
          published_at: string | null
          sales_count: number
          search_vector: unknown
          size_chart: NonNullable<Json>
          size_range: string
          status: Database["public"]["Enums"]["pattern_status"]
          store_id: string
          tags: string[]
          title: string
          updated_at: string
          waist_max_cm: number | null
          waist_min_cm: number | null
          yardage: NonNullable<Json>
          yarn_max_m: number | null
          yarn_min_m: number | null
          yarn_weight: number | null
        }[]
        SetofOptions: {
          from: "*"
          to: "patterns"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      payment_followups: { Args: { p_order_id: string }; Returns: Json }
      payments_apply_refund: {
        Args: { p_amount_refunded: number; p_order_id: string }
        Returns: boolean
      }
      payments_mark_paid: {
        Args: { p_facts: Json; p_order_id: string }
        Returns: boolean
      }
      payments_sync_account: { Args: { p_account: Json }; Returns: string }
      payments_sync_subscription: { Args: { p_sub: Json }; Returns: string }
      pos_authenticate: {
        Args: { p_key: string; p_limit?: number }
        Returns: Json
      }
      pos_catalog: {
        Args: { p_store: string }
        Returns: {
          category: string
          craft: string
          currency: string
          designer: string
          designer_plan: string
          pattern_id: string
          price_cents: number
          printed_copies: number
          status: string
          title: string
          updated_at: string
          wholesale_currency: string
          wholesale_min_quantity: number
          wholesale_price_cents: number
        }[]
      }
      pos_sale_patterns: {
        Args: { p_ids: string[]; p_store: string }
        Returns: {
          carried: boolean
          currency: string
          designer_plan: string
          pattern_id: string
          price_cents: number
        }[]
      }
      pos_settlement: {
        Args: { p_from?: string; p_to?: string }
        Returns: {
          copies: number
          currency: string
          designer_name: string
          designer_share_cents: number
          designer_store_id: string
          month: string
          platform_fee_cents: number
          royalty_cents: number
          sales: number
          shop_name: string
          shop_store_id: string
        }[]
      }
      record_download: {
        Args: { format: string; pattern_id: string }
        Returns: Json
      }
      record_generated_format: {
        Args: {
          p_file: Json
          p_format: string
          p_master_version: number
          p_pattern_id: string
        }
        Returns: undefined
      }
      record_kit_click: { Args: { kit_id: string }; Returns: string }
      record_pattern_master: {
        Args: {
          p_layers: Json
          p_pattern_id: string
          p_sha256: string
          p_sheets: Json
          p_size_bytes: number
          p_version: number
        }
        Returns: Json
      }
      record_pattern_view: { Args: { pattern_id: string }; Returns: undefined }
      record_pos_sales: {
        Args: {
          p_idempotency_key: string
          p_key: string
          p_request_hash: string
          p_results: Json
          p_source: string
          p_store: string
        }
        Returns: Json
      }
      record_referral_click: {
        Args: { code: string; path?: string }
        Returns: string
      }
      recovery_code_hash: { Args: { p_code: string }; Returns: string }
      recovery_codes_left: { Args: Record<PropertyKey, never>; Returns: number }
      release_billing_notice: { Args: { p_key: string }; Returns: undefined }
      release_refund_notice: { Args: { p_id: string }; Returns: undefined }
      report_commissions: {
        Args: { p_from: string; p_to: string }
        Returns: {
          commission_cents: number
          currency: string
          day: string
          lines: number
          net_sale_cents: number
          status: string
        }[]
      }
      report_customers: {
        Args: { p_from: string; p_to: string }
        Returns: {
          currency: string
          customer: string
          email: string
          first_purchase_on: string
          gross_cents: number
          kind: string
          last_purchase_on: string
          orders: number
        }[]
      }
      report_downloads: {
        Args: { p_from: string; p_to: string }
        Returns: {
          buyers: number
          downloads: number
          format: string
          pattern_id: string
          title: string
        }[]
      }
      report_in_shop_sales: {
        Args: { p_from: string; p_to: string }
        Returns: {
          copies: number
          currency: string
          day: string
          designer: string
          designer_share_cents: number
          pattern_id: string
          platform_fee_cents: number
          royalty_cents: number
          shop: string
          side: string
          takings_cents: number
          takings_currency: string
          title: string
        }[]
      }
      report_kit_clicks: {
        Args: { p_from: string; p_to: string }
        Returns: {
          clicks: number
          first_click_on: string
          kit_id: string
          last_click_on: string
          pattern: string
          title: string
        }[]
      }
      report_pattern_performance: {
        Args: { p_from: string; p_to: string }
        Returns: {
          conversion: number
          currency: string
          gross_cents: number
          net_cents: number
          orders: number
          pattern_id: string
          title: string
          units: number
          views: number
        }[]
      }
      report_payouts: {
        Args: { p_from: string; p_to: string }
        Returns: {
          amount_cents: number
          currency: string
          day: string
          reversed_cents: number
          status: string
          transfers: number
        }[]
      }
      report_platform_people: {
        Args: { p_from: string; p_to: string }
        Returns: {
          active_stores: number
          new_stores: number
          sign_ups: number
        }[]
      }
      report_platform_totals: {
        Args: { p_from: string; p_to: string }
        Returns: {
          active_stores: number
          currency: string
          day: string
          gmv_cents: number
          orders: number
          refunds_cents: number
          take_cents: number
        }[]
      }
      report_sales: {
        Args: { p_from: string; p_to: string }
        Returns: {
          currency: string
          day: string
          discount_cents: number
          fee_cents: number
          gross_cents: number
          lines: number
          net_cents: number
          refunds_cents: number
          units: number
          vat_cents: number
        }[]
      }
      report_sales_daily_add: {
        Args: {
          p: Database["public"]["Tables"]["order_items"]["Row"]
          p_sign: number
        }
        Returns: undefined
      }
      report_wholesale: {
        Args: { p_from: string; p_to: string }
        Returns: {
          copies: number
          currency: string
          day: string
          gross_cents: number
          net_cents: number
          orders: number
          pattern_id: string
          title: string
        }[]
      }
      report_window: {
        Args: { p_from: string; p_to: string }
        Returns: Record<string, unknown>
      }
      request_refund: {
        Args: { order_id: string; order_item_id?: string }
        Returns: Json
      }
      require_download_access: {
        Args: { pattern_id: string }
        Returns: boolean
      }
      require_mfa: { Args: Record<PropertyKey, never>; Returns: undefined }
      review_partner_application: {
        Args: { p_application: string; p_decision: string; p_reason?: string }
        Returns: {
          audience: string
          company: string
          country: string | null
          created_at: string
          id: string
          kind: Database["public"]["Enums"]["partner_kind"]
          message: string
          reason: string | null
          reviewed_at: string | null
          reviewer_id: string | null
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
          user_id: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "partner_applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      review_photos_belong: {
        Args: { p_author_id: string; p_paths: string[]; p_pattern_id: string }
        Returns: boolean
      }
      review_wholesale_application: {
        Args: { p_application: string; p_decision: string; p_reason?: string }
        Returns: {
          address_line1: string
          address_line2: string | null
          business_name: string
          city: string
          country: string
          created_at: string
          document_path: string | null
          id: string
          postal_code: string
          reason: string | null
          region: string | null
          reviewed_at: string | null
          reviewer_id: string | null
          status: Database["public"]["Enums"]["application_status"]
          store_id: string | null
          tax_id: string
          updated_at: string
          user_id: string
          website: string | null
        }
        SetofOptions: {
          from: "*"
          to: "wholesale_accounts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      scrub_personal_data: {
        Args: { p_strings: string[]; p_value: Json }
        Returns: Json
      }
      search_facet_counts: {
        Args: {
          bust?: number
          category?: string
          craft?: string
          currency?: string
          difficulty_max?: number
          difficulty_min?: number
          format?: string
          free_only?: boolean
          gauge_stitches?: number
          hip?: number
          language?: string
          locale?: string
          needle_mm?: number
          price_max_cents?: number
          price_min_cents?: number
          q?: string
          store_id?: string
          waist?: number
          yarn_max_m?: number
          yarn_steps?: number[]
          yarn_weight?: number
        }
        Returns: {
          facet: string
          patterns: number
          value: number
        }[]
      }
      search_patterns: {
        Args: {
          bust?: number
          category?: string
          craft?: string
          currency?: string
          difficulty_max?: number
          difficulty_min?: number
          format?: string
          free_only?: boolean
          gauge_stitches?: number
          hip?: number
          language?: string
          locale?: string
          needle_mm?: number
          page_offset?: number
          page_size?: number
          price_max_cents?: number
          price_min_cents?: number
          q?: string
          sort?: string
          store_id?: string
          waist?: number
          yarn_max_m?: number
          yarn_weight?: number
        }
        Returns: Database["public"]["CompositeTypes"]["pattern_hit"][]
        SetofOptions: {
          from: "*"
          to: "pattern_hit"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      send_designer_message: {
        Args: {
          p_body: string
          p_pattern_id?: string
          p_store_id?: string
          p_thread_id?: string
        }
        Returns: Json
      }
      start_download: {
        Args: {
          format?: string
          pattern_id: string
          sizes?: string
          variant?: string
        }
        Returns: Json
      }
      store_follower_count: { Args: { p_store_id: string }; Returns: number }
      store_sales: {
        Args: { p_limit?: number }
        Returns: {
          buyer_country: string
          buyer_email: string
          currency: string
          customer: string
          discount_cents: number
          kind: string
          order_id: string
          order_item_id: string
          order_number: number
          order_status: string
          ordered_at: string
          paid_at: string
          pattern_id: string
          quantity: number
          refund_requested_at: string
          refunded_at: string
          store_id: string
          title: string
          unit_price_cents: number
          vat_cents: number
        }[]
      }
      store_slug_status: { Args: { p_slug: string }; Returns: string }
      suggest_patterns: {
        Args: { locale?: string; page_size?: number; q: string }
        Returns: {
          kind: string
          score: number
          suggestion: string
        }[]
      }
      supplier_name: {
        Args: { k: Database["public"]["Tables"]["kits"]["Row"] }
        Returns: string
      }
      supported_locales: { Args: Record<PropertyKey, never>; Returns: string[] }
      tax_id_matches_country: {
        Args: { p_country: string; p_tax_id: string }
        Returns: boolean
      }
      tax_id_pattern: { Args: { p_country: string }; Returns: string }
      thread_side: {
        Args: {
          p_thread: Database["public"]["Tables"]["message_threads"]["Row"]
        }
        Returns: Database["public"]["Enums"]["message_side"]
      }
      use_recovery_code: { Args: { p_code: string }; Returns: boolean }
    }
    Enums: {
      application_status: "pending" | "approved" | "rejected"
      message_side: "buyer" | "store"
      order_item_kind: "digital" | "wholesale_print"
      order_status:
        | "pending"
        | "paid"
        | "partially_refunded"
        | "refunded"
        | "failed"
        | "expired"
      partner_kind: "reseller" | "supplier"
      pattern_licence: "personal" | "small_business"
      pattern_status: "draft" | "published" | "archived"
      payout_kind: "designer_share" | "commission"
      payout_status: "held" | "paid" | "reversed"
      report_audience: "store" | "operator" | "reseller" | "supplier"
      store_kind: "designer" | "retailer" | "supplier"
      subscription_status:
        | "trialing"
        | "active"
        | "past_due"
        | "canceled"
        | "unpaid"
        | "incomplete"
        | "incomplete_expired"
        | "paused"
    }
    CompositeTypes: {
      pattern_hit: {
        id: string | null
        store_id: string | null
        store_slug: string | null
        store_name: string | null
        title: string | null
        craft: string | null
        category: string | null
        difficulty: number | null
        size_range: string | null
        price_cents: number | null
        currency: string | null
        languages: string[] | null
        formats: string[] | null
        cover_path: string | null
        published_at: string | null
        sales_count: number | null
        rank: number | null
        matched_by: string | null
        total_count: number | null
        rating_avg: number | null
        review_count: number | null
        yarn_weight: number | null
        needle_mm: number | null
        title_translations: Json | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      application_status: ["pending", "approved", "rejected"],
      message_side: ["buyer", "store"],
      order_item_kind: ["digital", "wholesale_print"],
      order_status: [
        "pending",
        "paid",
        "partially_refunded",
        "refunded",
        "failed",
        "expired",
      ],
      partner_kind: ["reseller", "supplier"],
      pattern_licence: ["personal", "small_business"],
      pattern_status: ["draft", "published", "archived"],
      payout_kind: ["designer_share", "commission"],
      payout_status: ["held", "paid", "reversed"],
      report_audience: ["store", "operator", "reseller", "supplier"],
      store_kind: ["designer", "retailer", "supplier"],
      subscription_status: [
        "trialing",
        "active",
        "past_due",
        "canceled",
        "unpaid",
        "incomplete",
        "incomplete_expired",
        "paused",
      ],
    },
  },
} as const
